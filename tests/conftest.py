import sys
from pathlib import Path

# Tests import the package from py/ without installing it (as the app does in the browser).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
