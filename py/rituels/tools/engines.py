"""Firefox and WebKit for the engine smoke tests (e2e/test_engines.py), next to Chromium.

Debian's builds, driven with nothing downloaded outside the package registries:
- Firefox ESR through Marionette, its own remote protocol, with Mozilla's ``marionette-driver``
  (geckodriver is not packaged by Debian);
- WebKitGTK's MiniBrowser through WebKitGTK's WebDriver (``webkit2gtk-driver``) and Selenium,
  given explicit paths so that Selenium Manager never runs; MiniBrowser has no headless mode,
  so it gets a private Xvfb display.
Both sit behind one small API (``Engine``) so the smoke is written once, against the DOM only.
The driver packages are imported lazily: they live in .venv, this module is imported anywhere.
"""

from __future__ import annotations

import glob
import os
import subprocess
import time
import warnings
from pathlib import Path
from typing import Any

FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"
# The binary each Debian package provides (MiniBrowser comes with webkit2gtk-driver's libwebkit).
PACKAGES = {FIREFOX: "firefox-esr", WEBKIT_DRIVER: "webkit2gtk-driver", XVFB: "xvfb"}
WINDOW = (1280, 800)
POLL_S = 0.1
STALE_QUERIES = 5        # a query that meets a re-render is made again, at most this often
# The viewport point at the centre of arguments[0], scrolled into view; null if another
# element (not one of its own) is on top there.
CENTRE_JS = """const el = arguments[0];
el.scrollIntoView({block: 'center', inline: 'center'});
const r = el.getBoundingClientRect();
const x = Math.round(r.left + r.width / 2), y = Math.round(r.top + r.height / 2);
const top = document.elementFromPoint(x, y);
return top && (top === el || el.contains(top)) ? [x, y] : null;"""


class EngineError(Exception):
    """A browser could not be started, or a wait ran out (the message says what)."""


def minibrowser() -> str | None:
    """WebKitGTK's MiniBrowser (its folder depends on the architecture), or None."""
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))
    return found[0] if found else None


def missing() -> list[str]:
    """The Debian packages whose browser or driver is not installed."""
    return [pkg for path, pkg in PACKAGES.items() if not os.path.exists(path)]


class Engine:
    """A started browser with one window; subclasses map these calls onto their driver."""
    name = ""

    def go(self, url: str) -> None:
        raise NotImplementedError

    def reload(self, timeout_s: float) -> None:
        """A plain reload, as a player's: Marionette's refresh bypasses the service worker (a
        forced reload), so the page reloads itself; returns once the new document is there."""
        self.js("window.__rituelsOldPage = true; setTimeout(() => location.reload(), 0)")
        self.wait("return document.readyState !== 'loading' && !window.__rituelsOldPage",
                  timeout_s, "the page did not reload")

    def js(self, script: str, *args: Any) -> Any:
        """Run ``script`` (a function body: ``return ...``, ``arguments[i]``) in the page."""
        raise NotImplementedError

    def elements(self, css: str) -> list:
        """The elements matching ``css``. The page may re-render between the driver's match and
        the handles it makes for them (WebKit then reports a stale element from the query
        itself): the query is made again, a few times, as a player's eye would look again."""
        for _ in range(STALE_QUERIES - 1):
            try:
                return self._find(css)
            except Exception as exc:
                if "Stale" not in type(exc).__name__:
                    raise
            time.sleep(POLL_S)
        return self._find(css)

    def _find(self, css: str) -> list:
        raise NotImplementedError

    def press_at(self, x: int, y: int) -> None:
        """A mouse click at (x, y) in the viewport."""
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def visible(self, css: str) -> list:
        shown = []
        for element in self.elements(css):
            try:
                if element.is_displayed():
                    shown.append(element)
            except Exception:   # stale: the page re-rendered it since the query; not shown
                continue
        return shown

    def wait(self, script: str, timeout_s: float, what: str, *args: Any) -> Any:
        """Poll ``script`` until it returns something truthy; returns that."""
        end = time.monotonic() + timeout_s
        while True:
            value = self.js(script, *args)
            if value:
                return value
            if time.monotonic() > end:
                raise EngineError(f"{self.name}: {what} (not within {timeout_s:g} s)")
            time.sleep(POLL_S)

    def click(self, css: str, timeout_s: float) -> None:
        """Click the first visible element matching ``css``, once there is one."""
        end = time.monotonic() + timeout_s
        while True:
            shown = self.visible(css)
            # A pointer click at the element's centre, as a player's: on SVG groups (the
            # seats) Gecko refuses WebDriver's element click, and WebKit a pointer move to the
            # element. An element re-rendered since the query is stale: query again.
            try:
                point = self.js(CENTRE_JS, shown[0]) if shown else False
            except Exception:
                point = False
            if point is not False:
                break
            if time.monotonic() > end:
                raise EngineError(f"{self.name}: nothing visible matches {css!r} "
                                  f"(not within {timeout_s:g} s)")
            time.sleep(POLL_S)
        if point is None:
            raise EngineError(f"{self.name}: the centre of {css!r} is covered by another element")
        self.press_at(*point)


class Firefox(Engine):
    """Headless Firefox ESR on a free Marionette port, with a fresh profile."""
    name = "firefox"

    def __init__(self, log_dir: Path):
        from marionette_driver.marionette import Marionette
        self._m = Marionette(bin=FIREFOX, port=0, headless=True,
                             gecko_log=str(log_dir / "gecko.log"),
                             prefs={"intl.accept_languages": "fr-FR"})
        try:
            self._m.start_session()
            self._m.set_window_rect(width=WINDOW[0], height=WINDOW[1])
        except Exception:
            self._m.cleanup()
            raise

    def go(self, url: str) -> None:
        self._m.navigate(url)

    # sandbox=None: run in the page itself, like WebDriver, not in Marionette's sandbox.
    def js(self, script: str, *args: Any) -> Any:
        return self._m.execute_script(script, script_args=args, sandbox=None)

    def _find(self, css: str) -> list:
        from marionette_driver.by import By
        return self._m.find_elements(By.CSS_SELECTOR, css)

    def press_at(self, x: int, y: int) -> None:
        pointer = self._m.actions.sequence("pointer", "mouse", {"pointerType": "mouse"})
        pointer.pointer_move(x, y, origin="viewport").pointer_down().pointer_up().perform()

    def screenshot(self, path: Path) -> None:
        path.write_bytes(self._m.screenshot(format="binary"))

    def close(self) -> None:
        used = self._m.instance.profile
        self._m.cleanup()
        # Closing "resets" the instance with a new empty profile folder. Remove both now: left
        # to their finalisers, they fail noisily at interpreter exit.
        for profile in (used, self._m.instance.profile):
            if profile is not None:
                profile.cleanup()
                profile.restore = False


class WebKit(Engine):
    """MiniBrowser driven by WebKitWebDriver on its own Xvfb display."""
    name = "webkit"

    def __init__(self, log_dir: Path):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service
        browser = minibrowser()
        if browser is None:
            raise EngineError("webkit: MiniBrowser not found (Debian's libwebkit2gtk-4.1-0)")
        self._xvfb, display = _start_xvfb()
        try:
            options = Options()
            options.binary_location = browser
            options.add_argument("--automation")  # without it MiniBrowser never answers
            service = Service(executable_path=WEBKIT_DRIVER,
                              env={**os.environ, "DISPLAY": display},
                              log_output=str(log_dir / "webkit.log"))
            with warnings.catch_warnings():  # Selenium's own WebKitGTK class uses a deprecated
                warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
                self._d = webdriver.WebKitGTK(options=options, service=service)
            self._d.set_window_size(*WINDOW)
        except Exception:
            _stop(self._xvfb)
            raise

    def go(self, url: str) -> None:
        self._d.get(url)

    def js(self, script: str, *args: Any) -> Any:
        return self._d.execute_script(script, *args)

    def _find(self, css: str) -> list:
        from selenium.webdriver.common.by import By
        return self._d.find_elements(By.CSS_SELECTOR, css)

    def press_at(self, x: int, y: int) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        actions = ActionBuilder(self._d)
        actions.pointer_action.move_to_location(x, y).click()
        actions.perform()

    def screenshot(self, path: Path) -> None:
        self._d.save_screenshot(str(path))

    def close(self) -> None:
        try:
            self._d.quit()
        finally:
            _stop(self._xvfb)


def _start_xvfb() -> tuple[subprocess.Popen, str]:
    """An Xvfb on a free display number (it writes the number it took to a pipe)."""
    read_end, write_end = os.pipe()
    proc = subprocess.Popen(
        [XVFB, "-displayfd", str(write_end), "-screen", "0", f"{WINDOW[0]}x{WINDOW[1]}x24",
         "-nolisten", "tcp"],
        pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        number = pipe.readline().strip()
    if not number:
        _stop(proc)
        raise EngineError("webkit: Xvfb did not start")
    return proc, f":{number}"


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


LAUNCHERS = {"firefox": Firefox, "webkit": WebKit}
