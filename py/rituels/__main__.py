from rituels.tools.cli import main

raise SystemExit(main(prog="python3 -m rituels"))
