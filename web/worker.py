# The Web Worker's entry script (PyScript `worker`, Pyodide): the whole app runs here, away
# from the page's main thread. The main thread's glue (glue.py) calls these two functions with
# a JSON text and gets a JSON text back (rituels.app.browser describes the messages).
import gc
import os
import sys

# The package is imported straight from its zip (written here by pyscript.toml's [files],
# bytecode beside each module): no file of it is unpacked at start-up.
sys.path.insert(0, os.path.abspath("rituels.zip"))

from rituels.app.main import event  # noqa: E402
from rituels.app.main import start as start_app  # noqa: E402


def start(text):
    answer = start_app(text)
    # What is alive now (modules, translations, the first screen) lives as long as the page:
    # frozen out of the collector's generations, a bot's search no longer walks it again at
    # every collection (random Tuchulcha games in a Pyodide worker: 110 -> 121 games/s).
    gc.freeze()
    return answer


__export__ = ["start", "event"]
