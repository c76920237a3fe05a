# The Web Worker's entry script (PyScript `worker`, Pyodide): the whole app runs here, away
# from the page's main thread. The main thread's glue (glue.py) calls these two functions with
# a JSON text and gets a JSON text back (rituels.app.browser describes the messages).
import os
import sys

# The package is imported straight from its zip (written here by pyscript.toml's [files],
# bytecode beside each module): no file of it is unpacked at start-up.
sys.path.insert(0, os.path.abspath("rituels.zip"))

from rituels.app.main import event, start  # noqa: E402

__export__ = ["start", "event"]
