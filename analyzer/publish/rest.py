"""What the pull-request comment clients share: one REST call, its errors, the marker search.

GitHub (``github.py``), GitLab (``gitlab.py``) and Azure DevOps (``azure.py``) differ
in their paths, their authentication header and the words of their errors; the rest
is here, once:

* :class:`RestClient`: a JSON call on ``urllib.request`` that retries rate limits and
  502/503/504 (bounded, with an injectable wait so tests do not sleep), follows
  redirects and pagination links only on the API's own origin (urllib would resend
  the token to another host), and turns every failure into one line naming what is
  missing, with the token replaced by ``***``;
* :func:`find_marked`: the oldest item holding the marker line and written by the bot
  (decision D88: a person quoting the marker is never edited);
* :class:`Outcome`: what was done, as one line.

>>> find_marked(["x", "<!-- m -->", "<!-- m --> again"], "<!-- m -->", str, lambda s: True)
'<!-- m -->'
"""

from __future__ import annotations

import dataclasses
import http.client
import json
import re
import time
import typing as t
import urllib.error
import urllib.request
from urllib.parse import urlsplit

from analyzer import __version__

_TOKEN = re.compile(r"[\x21-\x7e]+")
_LINK = re.compile(r'<([^>]*)>\s*;\s*rel="([^"]*)"')
MAX_PAGES = 50

T = t.TypeVar("T")
Sleep = t.Callable[[float], None]
Clock = t.Callable[[], float]
Action = t.Literal["created", "updated", "would create", "would update"]


class PublishError(Exception):
    """A request failed; ``str()`` is one line for the user, without the token."""

    def __init__(self, message: str, status: int | None = None, rate_limited: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.rate_limited = rate_limited


@dataclasses.dataclass(frozen=True, slots=True)
class Response:
    status: int
    headers: dict[str, str]  # lower-case names
    body: bytes

    def json(self) -> t.Any:
        try:
            return json.loads(self.body.decode("utf-8")) if self.body else None
        except (UnicodeDecodeError, ValueError):
            return None


@dataclasses.dataclass(frozen=True, slots=True)
class Outcome:
    """What an upsert did (or, with ``dry_run``, would do).

    >>> Outcome("updated", "octo/db#7", 13, "https://x/13").describe()
    'updated comment 13 on octo/db#7: https://x/13'
    >>> Outcome("would create", "pull request 7", None, None, "thread", " (closed)").describe()
    'would create a thread on pull request 7 (closed)'
    """

    action: Action
    where: str
    comment_id: int | None
    url: str | None
    noun: str = "comment"
    note: str = ""

    def describe(self) -> str:
        if self.comment_id is None:
            return f"{self.action} a {self.noun} on {self.where}{self.note}"
        url = f": {self.url}" if self.url else ""
        return f"{self.action} {self.noun} {self.comment_id} on {self.where}{url}{self.note}"


def check_api_url(url: str) -> str:
    """``http(s)://HOST[/PATH]`` without a query, trailing slash removed."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
        raise ValueError(f"API URL {url!r}: expected http(s)://HOST[/PATH]")
    return url.rstrip("/")


def find_marked(
    items: t.Iterable[T],
    marker_line: str,
    body: t.Callable[[T], str],
    ours: t.Callable[[T], bool],
) -> T | None:
    """The first item whose ``body`` holds ``marker_line`` and that is ``ours`` (D88)."""
    for item in items:
        if marker_line in body(item) and ours(item):
            return item
    return None


class RestClient:
    """A JSON REST client for one API root and one token; subclasses name the service.

    A subclass sets :attr:`service`, :attr:`error_type`, :meth:`auth_headers`,
    :meth:`forbidden_hint` and :meth:`not_found_hint`; the retry rules read
    :attr:`limited_statuses` and :attr:`limit_headers`.
    """

    service: t.ClassVar[str] = "the API"
    #: The environment variable the token usually comes from, for messages.
    default_token_name: t.ClassVar[str] = "TOKEN"
    error_type: t.ClassVar[type[PublishError]] = PublishError
    #: Statuses that may be a rate limit (GitHub also answers 403 for one).
    limited_statuses: t.ClassVar[tuple[int, ...]] = (429,)
    #: (remaining, reset) header names: reset is UTC epoch seconds.
    limit_headers: t.ClassVar[tuple[str, str]] = ("x-ratelimit-remaining", "x-ratelimit-reset")

    def __init__(
        self,
        api_url: str,
        token: str,
        *,
        token_name: str | None = None,
        sleep: Sleep = time.sleep,
        clock: Clock = time.time,
        max_retries: int = 3,
        max_wait: float = 120.0,
        timeout: float = 30.0,
    ) -> None:
        self.api_url = check_api_url(api_url)
        self._origin = origin(self.api_url)
        self._token = token
        self.token_name = token_name or self.default_token_name
        self._sleep = sleep
        self._clock = clock
        self._max_retries = max_retries
        self._max_wait = max_wait
        self._timeout = timeout
        self._opener = urllib.request.build_opener(
            _SameOriginRedirects(self._origin, self.error_type)
        )

    # -- what a subclass says --------------------------------------------------------

    def auth_headers(self) -> dict[str, str]:
        raise NotImplementedError

    def forbidden_hint(self) -> str:
        """What a 403 means: the permission or scope the token lacks."""
        return "the token lacks a permission"

    def not_found_hint(self) -> str:
        """What to check after a 404."""
        return "check the URL and the numbers"

    def unauthorized_hint(self) -> str:
        """Appended to the message of a 401 (where the token should come from)."""
        return ""

    def accepted(self, response: Response, shown: str) -> Response:
        """A successful answer, or raise when it is one only in name (a sign-in page)."""
        return response

    def items(self, data: t.Any) -> list[t.Any] | None:
        """The items of one page of a list answer (a bare JSON list here)."""
        return data if isinstance(data, list) else None

    def message(self, response: Response) -> str:
        """The service's error text in a response body, one line, at most 200 characters."""
        data = response.json()
        text = data.get("message") if isinstance(data, dict) else None
        return one_line(text)[:200] if isinstance(text, str) else ""

    def error(self, response: Response, shown: str) -> PublishError:
        """The one-line error for a failed call (not retried)."""
        status = response.status
        message = self._redact(self.message(response))
        said = f"{status} {message}".rstrip()
        if status == 401:
            text = (
                f"{shown}: {self.service} rejected the token in ${self.token_name} "
                f"({said}): it is missing, expired or revoked{self.unauthorized_hint()}"
            )
        elif status == 403:
            text = f"{shown}: forbidden ({said}): {self.forbidden_hint()}"
        elif status == 404:
            text = f"{shown}: not found (404): {self.not_found_hint()}"
        else:
            text = f"{shown}: {self.service} answered {status} {message}".rstrip()
        return self.error_type(self._redact(text), status)

    # -- requests --------------------------------------------------------------------

    def request(self, method: str, path_or_url: str, payload: t.Any = None) -> Response:
        """One API call, retried on rate limits and 502/503/504; raises otherwise."""
        if not _TOKEN.fullmatch(self._token):
            # http.client would quote the bad header value, token included, in its error.
            raise self.error_type(
                f"the token in ${self.token_name} holds spaces, line breaks or non-ASCII "
                f"characters: no {self.service} token does"
            )
        url = path_or_url if "://" in path_or_url else self.api_url + path_or_url
        if origin(url) != self._origin:
            raise self.error_type(
                f"refusing to send the token to {origin(url)} (API is {self._origin})"
            )
        shown = shown_call(method, url)
        for attempt in range(self._max_retries + 1):
            response = self._send(method, url, payload, shown)
            if response.status < 400:
                return self.accepted(response, shown)
            wait = self.retry_wait(response)
            if wait is None:
                raise self.error(response, shown)
            if attempt == self._max_retries:
                raise self.error_type(
                    self._redact(
                        f"{shown}: still {self._status_text(response)} after "
                        f"{self._max_retries} retries{self._rate_hint(response)}"
                    ),
                    response.status,
                    rate_limited=True,
                )
            if wait > self._max_wait:
                raise self.error_type(
                    self._redact(
                        f"{shown}: {self._status_text(response)}{self._rate_hint(response)}; "
                        f"the limit resets in {wait:.0f} s, more than the "
                        f"{self._max_wait:.0f} s ddlaudit waits"
                    ),
                    response.status,
                    rate_limited=True,
                )
            self._sleep(wait)
        raise AssertionError("unreachable")  # pragma: no cover

    def retry_wait(self, response: Response) -> float | None:
        """Seconds to wait before retrying, or None when the error is not worth a retry."""
        if response.status in (502, 503, 504):
            return 2.0
        if response.status not in self.limited_statuses:
            return None
        headers = response.headers
        retry_after = headers.get("retry-after", "").strip()
        if retry_after.isdigit():
            return float(retry_after)
        remaining, reset_name = self.limit_headers
        reset = headers.get(reset_name, "").strip()
        if headers.get(remaining, "").strip() == "0" and reset.isdigit():
            return max(0.0, float(reset) - self._clock()) + 1.0
        if response.status == 429 or "rate limit" in self.message(response).lower():
            return 60.0
        return None

    def pages(self, url: str, what: str) -> t.Iterator[tuple[Response, list[t.Any]]]:
        """Each page of a JSON list from ``url`` on, at most :data:`MAX_PAGES`."""
        next_url: str | None = url
        count = 0
        while next_url is not None:
            count += 1
            if count > MAX_PAGES:
                raise self.error_type(f"more than {MAX_PAGES} pages of {what}; giving up")
            response = self.request("GET", next_url)
            data = self.items(response.json())
            if data is None:
                raise self.error_type(
                    f"{shown_call('GET', next_url)}: expected a JSON list of {what}"
                )
            yield response, data
            next_url = self.next_page(response, next_url)
            if next_url is not None and origin(next_url) != self._origin:
                raise self.error_type(
                    f"{shown_call('GET', next_url)}: pagination link leaves {self._origin}; "
                    "not followed"
                )

    def next_page(self, response: Response, url: str) -> str | None:
        """The ``Link: <...>; rel="next"`` URL (RFC 8288), if any."""
        return next_link(response.headers.get("link", ""))

    def _send(self, method: str, url: str, payload: t.Any, shown: str) -> Response:
        data = None if payload is None else json.dumps(payload).encode("utf-8")
        request = urllib.request.Request(url, data=data, method=method)
        for name, value in self.auth_headers().items():
            request.add_header(name, value)
        request.add_header("User-Agent", f"ddlaudit/{__version__}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with self._opener.open(request, timeout=self._timeout) as answer:
                return Response(answer.status, _headers(answer.headers), answer.read())
        except urllib.error.HTTPError as err:
            try:
                body = err.read()
            except (OSError, http.client.HTTPException):
                body = b""
            finally:
                err.close()
            return Response(err.code, _headers(err.headers), body)
        except (OSError, http.client.HTTPException, ValueError) as err:
            reason = getattr(err, "reason", err)
            raise self.error_type(
                f"{shown}: cannot reach {self._origin}: {self._redact(str(reason))}"
            ) from None

    def _redact(self, text: str) -> str:
        return text.replace(self._token, "***") if self._token else text

    def _status_text(self, response: Response) -> str:
        return f"{response.status} {self.message(response)}".strip()

    def _rate_hint(self, response: Response) -> str:
        return " (rate limited)" if response.status in self.limited_statuses else ""


class _SameOriginRedirects(urllib.request.HTTPRedirectHandler):
    """Follow a redirect only on the API's origin: urllib would resend the token."""

    def __init__(self, api_origin: str, error_type: type[PublishError]) -> None:
        self._origin = api_origin
        self._error_type = error_type

    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: t.IO[bytes],
        code: int,
        msg: str,
        headers: t.Any,
        newurl: str,
    ) -> urllib.request.Request | None:
        if origin(newurl) != self._origin:
            raise self._error_type(
                f"{shown_call(req.get_method(), req.full_url)}: redirected to "
                f"{origin(newurl)}; not followed (the token stays on the API host)"
            )
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def shown_call(method: str, url: str) -> str:
    """``GET /repos/o/r/...`` for messages: the path only (no query, no host)."""
    return f"{method} {urlsplit(url).path or '/'}"


def next_link(header: str) -> str | None:
    for url, rels in _LINK.findall(header):
        if "next" in rels.split():
            return str(url)
    return None


def one_line(text: str) -> str:
    return " ".join(text.split())


def _headers(headers: t.Any) -> dict[str, str]:
    return {str(k).lower(): str(v) for k, v in headers.items()} if headers is not None else {}


__all__ = [
    "MAX_PAGES",
    "Outcome",
    "PublishError",
    "Response",
    "RestClient",
    "check_api_url",
    "find_marked",
    "next_link",
    "one_line",
    "origin",
    "shown_call",
]
