from rituels.cli import main

raise SystemExit(main(prog="python3 -m rituels"))
