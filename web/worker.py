# The Web Worker's entry script (PyScript `worker`, Pyodide): the whole app runs here, away
# from the page's main thread. The main thread's glue (glue.py) calls these two functions with
# a JSON text and gets a JSON text back (rituels.app.browser describes the messages).
from rituels.app.main import event, start

__export__ = ["start", "event"]
