"""The app: the UI model (controller), saves, and the only code touching the browser (browser.py)."""
