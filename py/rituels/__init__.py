"""Rituels: rules, bots and views for Tuchulcha, Wongar and Cthulhu Dice.

Everything under this package except ``app`` and ``tools`` is pure stdlib Python that runs the
same on CPython and in Pyodide.
"""

__version__ = "0.1.0"
