"""Open a local file in headless Chromium and record what a person would see go wrong.

Drives Debian's ``/usr/bin/chromium`` (installed by ``scripts/ensure-chromium``) with
Playwright (``launch(executable_path=...)``: no browser download; decision D83). The
context is offline and every request that is not ``file:`` or ``data:`` is aborted and
recorded, so a page that reaches for the network fails its test instead of hanging.

    with open_page(path) as view:
        view.page.click("th button")
        assert view.problems() == []
        png = view.screenshot(out_path)
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

#: The Debian package's binary; CHROMIUM=/path overrides it (as in scripts/ensure-chromium).
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
VIEWPORT = {"width": 1280, "height": 900}


def require_chromium() -> str:
    """The Chromium binary, or skip (SKIP_BROWSER=1) / fail saying how to install it."""
    if os.environ.get("SKIP_BROWSER") == "1":
        pytest.skip("SKIP_BROWSER=1: browser tests skipped")
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)) and not shutil.which(
        CHROMIUM
    ):
        pytest.fail(
            f"headless Chromium not found at {CHROMIUM}: run scripts/ensure-chromium "
            "(installs Debian's chromium package), or set SKIP_BROWSER=1 to skip browser tests",
            pytrace=False,
        )
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.fail("the browser tests need playwright: pip install -e '.[dev]'", pytrace=False)
    return CHROMIUM


@dataclasses.dataclass
class PageView:
    """A loaded page and what happened while it loaded and since."""

    page: Any
    console_errors: list[str] = dataclasses.field(default_factory=list)
    page_errors: list[str] = dataclasses.field(default_factory=list)
    dialogs: list[str] = dataclasses.field(default_factory=list)
    outside_requests: list[str] = dataclasses.field(default_factory=list)
    failed_requests: list[str] = dataclasses.field(default_factory=list)

    def problems(self) -> list[str]:
        """Every console error, uncaught exception, dialog and network attempt, labelled."""
        return [
            *(f"console error: {m}" for m in self.console_errors),
            *(f"page error: {m}" for m in self.page_errors),
            *(f"dialog: {m}" for m in self.dialogs),
            *(f"request outside file://: {u}" for u in self.outside_requests),
            *(f"failed request: {u}" for u in self.failed_requests),
        ]

    def screenshot(self, path: Path, full_page: bool = True) -> bytes:
        """A PNG of the page (the whole page by default), also written to ``path``."""
        data: bytes = self.page.screenshot(path=str(path), full_page=full_page)
        return data


@contextlib.contextmanager
def open_page(path: Path, javascript: bool = True) -> Iterator[PageView]:
    """Load ``path`` as a ``file://`` URL in headless Chromium; yield the recorded view."""
    executable = require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True)
        try:
            context = browser.new_context(
                offline=True, viewport=VIEWPORT, java_script_enabled=javascript
            )
            page = context.new_page()
            view = PageView(page)
            page.on(
                "console",
                lambda m: view.console_errors.append(m.text) if m.type == "error" else None,
            )
            page.on("pageerror", lambda err: view.page_errors.append(str(err)))

            def on_dialog(dialog: Any) -> None:
                view.dialogs.append(f"{dialog.type}: {dialog.message}")
                dialog.dismiss()

            page.on("dialog", on_dialog)
            page.on("requestfailed", lambda r: view.failed_requests.append(r.url))

            def route(route: Any) -> None:
                url = route.request.url
                if url.startswith(("file:", "data:")):
                    route.continue_()
                else:
                    view.outside_requests.append(url)
                    route.abort()

            context.route("**/*", route)
            page.goto(path.resolve().as_uri(), wait_until="load")
            yield view
        finally:
            browser.close()
