from rituels.cli import main

raise SystemExit(main())
