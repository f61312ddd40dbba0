"""Create or update the bot's own pull-request comment through the GitHub REST API.

Endpoints (GitHub REST API, version 2022-11-28, "REST API endpoints for issue
comments": every pull request is an issue, so its conversation comments are issue
comments):

* ``GET /user``: the token's own login, to recognise the bot's comment (D88);
* ``GET /repos/{owner}/{repo}/issues/{number}/comments?per_page=100``: the
  comments, oldest first, paginated: the ``Link`` response header carries the
  URL of the next page as ``rel="next"`` ("Using pagination in the REST API");
* ``POST /repos/{owner}/{repo}/issues/{number}/comments`` ``{"body": ...}``;
* ``PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}`` ``{"body": ...}``.

Rate limits ("Rate limits for the REST API", "Troubleshooting the REST API"): a
403 or 429 with ``retry-after`` waits that many seconds; with
``x-ratelimit-remaining: 0`` it waits until ``x-ratelimit-reset`` (UTC epoch
seconds); a secondary limit without either waits one minute.  Retries are
bounded and the wait is injectable (tests do not sleep).

Every failure is a :class:`GitHubError` with a one-line message that never holds
the token; redirects and pagination links are followed only on the API's own
origin, so the token is never sent to another host.
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
from urllib.parse import quote, urlsplit

from analyzer import __version__

API_VERSION = "2022-11-28"
DEFAULT_API_URL = "https://api.github.com"
#: The login of GITHUB_TOKEN's comments (the GitHub Actions app's bot user).
ACTIONS_BOT = "github-actions[bot]"

_REPO = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/[A-Za-z0-9._-]{1,100}")
_TOKEN = re.compile(r"[\x21-\x7e]+")
_LINK = re.compile(r'<([^>]*)>\s*;\s*rel="([^"]*)"')
_MAX_PAGES = 50
_PERMISSIONS = (
    "the token needs write access to pull requests: 'permissions: pull-requests: write' "
    "in the workflow (fine-grained token: 'Pull requests: Read and write'); "
    "GITHUB_TOKEN is read-only on pull requests from forks"
)


class GitHubError(Exception):
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
class Comment:
    id: int
    body: str
    login: str
    user_type: str
    html_url: str


@dataclasses.dataclass(frozen=True, slots=True)
class Outcome:
    """What :func:`upsert_comment` did (or, with ``dry_run``, would do)."""

    action: t.Literal["created", "updated", "would create", "would update"]
    repo: str
    number: int
    comment_id: int | None
    html_url: str | None

    def describe(self) -> str:
        where = f"{self.repo}#{self.number}"
        if self.comment_id is None:
            return f"{self.action} a comment on {where}"
        url = f": {self.html_url}" if self.html_url else ""
        return f"{self.action} comment {self.comment_id} on {where}{url}"


Sleep = t.Callable[[float], None]
Clock = t.Callable[[], float]


def check_repo(repo: str) -> str:
    """``OWNER/NAME`` as GitHub allows them; anything else could escape the URL path."""
    if not _REPO.fullmatch(repo) or repo.endswith(("/.", "/..")):
        raise ValueError(f"repository {repo!r}: expected OWNER/NAME")
    return repo


def check_api_url(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
        raise ValueError(f"API URL {url!r}: expected http(s)://HOST[/PATH]")
    return url.rstrip("/")


class GitHubClient:
    """A REST client for one API root and one token."""

    def __init__(
        self,
        api_url: str,
        token: str,
        *,
        token_name: str = "GITHUB_TOKEN",
        sleep: Sleep = time.sleep,
        clock: Clock = time.time,
        max_retries: int = 3,
        max_wait: float = 120.0,
        timeout: float = 30.0,
    ) -> None:
        self.api_url = check_api_url(api_url)
        self._origin = _origin(self.api_url)
        self._token = token
        self.token_name = token_name
        self._sleep = sleep
        self._clock = clock
        self._max_retries = max_retries
        self._max_wait = max_wait
        self._timeout = timeout
        self._opener = urllib.request.build_opener(_SameOriginRedirects(self._origin))

    # -- requests ------------------------------------------------------------

    def request(self, method: str, path_or_url: str, payload: t.Any = None) -> Response:
        """One API call, retried on rate limits and 502/503/504; raises GitHubError otherwise."""
        if not _TOKEN.fullmatch(self._token):
            # http.client would quote the bad header value, token included, in its error.
            raise GitHubError(
                f"the token in ${self.token_name} holds spaces, line breaks or non-ASCII "
                "characters: no GitHub token does"
            )
        url = path_or_url if "://" in path_or_url else self.api_url + path_or_url
        if _origin(url) != self._origin:
            raise GitHubError(
                f"refusing to send the token to {_origin(url)} (API is {self._origin})"
            )
        shown = _shown(method, url)
        for attempt in range(self._max_retries + 1):
            response = self._send(method, url, payload, shown)
            if response.status < 400:
                return response
            wait = self._retry_wait(response)
            if wait is None:
                raise self._error(response, shown)
            if attempt == self._max_retries:
                raise GitHubError(
                    self._redact(
                        f"{shown}: still {_status_text(response)} after {self._max_retries} "
                        f"retries{_rate_hint(response)}"
                    ),
                    response.status,
                    rate_limited=True,
                )
            if wait > self._max_wait:
                raise GitHubError(
                    self._redact(
                        f"{shown}: {_status_text(response)}{_rate_hint(response)}; the limit "
                        f"resets in {wait:.0f} s, more than the {self._max_wait:.0f} s "
                        "ddlaudit waits"
                    ),
                    response.status,
                    rate_limited=True,
                )
            self._sleep(wait)
        raise AssertionError("unreachable")  # pragma: no cover

    def _send(self, method: str, url: str, payload: t.Any, shown: str) -> Response:
        data = None if payload is None else json.dumps(payload).encode("utf-8")
        request = urllib.request.Request(url, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self._token}")
        request.add_header("Accept", "application/vnd.github+json")
        request.add_header("X-GitHub-Api-Version", API_VERSION)
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
            raise GitHubError(
                f"{shown}: cannot reach {self._origin}: {self._redact(str(reason))}"
            ) from None

    def _retry_wait(self, response: Response) -> float | None:
        """Seconds to wait before retrying, or None when the error is not worth a retry."""
        if response.status in (502, 503, 504):
            return 2.0
        if response.status not in (403, 429):
            return None
        headers = response.headers
        retry_after = headers.get("retry-after", "").strip()
        if retry_after.isdigit():
            return float(retry_after)
        reset = headers.get("x-ratelimit-reset", "").strip()
        if headers.get("x-ratelimit-remaining", "").strip() == "0" and reset.isdigit():
            return max(0.0, float(reset) - self._clock()) + 1.0
        if response.status == 429 or "rate limit" in _message(response).lower():
            return 60.0
        return None

    def _error(self, response: Response, shown: str) -> GitHubError:
        status = response.status
        message = self._redact(_message(response))
        if status == 401:
            text = (
                f"{shown}: GitHub rejected the token in ${self.token_name} (401 {message}): "
                "it is missing, expired or revoked"
            )
        elif status == 403:
            text = f"{shown}: forbidden (403 {message}): {_PERMISSIONS}"
        elif status == 404:
            text = (
                f"{shown}: not found (404): check the repository and pull request number, "
                f"and that the token in ${self.token_name} can see the repository"
            )
        elif status == 422:
            text = f"{shown}: GitHub rejected the request (422 {message}{_validation(response)})"
        else:
            text = f"{shown}: GitHub answered {status} {message}".rstrip()
        return GitHubError(self._redact(text), status)

    def _redact(self, text: str) -> str:
        return text.replace(self._token, "***") if self._token else text

    # -- endpoints -----------------------------------------------------------

    def login(self) -> str | None:
        """The token's user login (``GET /user``), or None for an app installation token.

        GITHUB_TOKEN and other GitHub App installation tokens are not a user:
        GitHub answers 403 "Resource not accessible by integration".
        """
        try:
            response = self.request("GET", "/user")
        except GitHubError as err:
            if err.status in (403, 404) and not err.rate_limited:
                return None
            raise
        data = response.json()
        login = data.get("login") if isinstance(data, dict) else None
        return login if isinstance(login, str) and login else None

    def comments(self, repo: str, number: int) -> t.Iterator[Comment]:
        """The pull request's conversation comments, oldest first, page after page."""
        url: str | None = f"{self.api_url}{_issue_path(repo, number)}/comments?per_page=100"
        pages = 0
        while url is not None:
            pages += 1
            if pages > _MAX_PAGES:
                raise GitHubError(f"more than {_MAX_PAGES} pages of comments; giving up")
            response = self.request("GET", url)
            data = response.json()
            if not isinstance(data, list):
                raise GitHubError(f"{_shown('GET', url)}: expected a JSON list of comments")
            for item in data:
                comment = _comment(item)
                if comment is not None:
                    yield comment
            url = _next_link(response.headers.get("link", ""))
            if url is not None and _origin(url) != self._origin:
                raise GitHubError(
                    f"{_shown('GET', url)}: pagination link leaves {self._origin}; not followed"
                )

    def create(self, repo: str, number: int, body: str) -> Comment:
        path = f"{_issue_path(repo, number)}/comments"
        return self._comment_answer(self.request("POST", path, {"body": body}), "POST", path)

    def update(self, repo: str, comment_id: int, body: str) -> Comment:
        path = f"/repos/{_quote_repo(repo)}/issues/comments/{int(comment_id)}"
        return self._comment_answer(self.request("PATCH", path, {"body": body}), "PATCH", path)

    def _comment_answer(self, response: Response, method: str, path: str) -> Comment:
        comment = _comment(response.json())
        if comment is None:
            raise GitHubError(f"{method} {path}: GitHub's answer is not a comment")
        return comment


def find_own_comment(
    comments: t.Iterable[Comment], marker_line: str, login: str | None, author: str = ACTIONS_BOT
) -> Comment | None:
    """The first (oldest) comment holding ``marker_line`` written by the bot (D88).

    ``login`` (from ``GET /user``) when the token is a user's; otherwise the bot
    user ``author`` (``github-actions[bot]`` for GITHUB_TOKEN).  A comment by
    anyone else that quotes the marker is never taken.
    """
    for comment in comments:
        if marker_line not in comment.body:
            continue
        if login is not None:
            if comment.login == login:
                return comment
        elif comment.login == author and comment.user_type == "Bot":
            return comment
    return None


def upsert_comment(
    client: GitHubClient,
    repo: str,
    number: int,
    body: str,
    marker_line: str,
    *,
    author: str = ACTIONS_BOT,
    dry_run: bool = False,
) -> Outcome:
    """Update the bot's comment holding ``marker_line``, or create one."""
    check_repo(repo)
    login = client.login()
    own = find_own_comment(client.comments(repo, number), marker_line, login, author)
    if dry_run:
        if own is None:
            return Outcome("would create", repo, number, None, None)
        return Outcome("would update", repo, number, own.id, own.html_url)
    if own is None:
        made = client.create(repo, number, body)
        return Outcome("created", repo, number, made.id, made.html_url)
    edited = client.update(repo, own.id, body)
    return Outcome("updated", repo, number, edited.id, edited.html_url)


# -- helpers -----------------------------------------------------------------------


class _SameOriginRedirects(urllib.request.HTTPRedirectHandler):
    """Follow a redirect only on the API's origin: urllib would resend Authorization."""

    def __init__(self, origin: str) -> None:
        self._origin = origin

    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: t.IO[bytes],
        code: int,
        msg: str,
        headers: t.Any,
        newurl: str,
    ) -> urllib.request.Request | None:
        if _origin(newurl) != self._origin:
            raise GitHubError(
                f"{_shown(req.get_method(), req.full_url)}: redirected to {_origin(newurl)}; "
                "not followed (the token stays on the API host)"
            )
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def _shown(method: str, url: str) -> str:
    """``GET /repos/o/r/...`` for messages: the path only (no query, no host)."""
    return f"{method} {urlsplit(url).path or '/'}"


def _headers(headers: t.Any) -> dict[str, str]:
    return {str(k).lower(): str(v) for k, v in headers.items()} if headers is not None else {}


def _quote_repo(repo: str) -> str:
    owner, name = check_repo(repo).split("/")
    return f"{quote(owner, safe='')}/{quote(name, safe='')}"


def _issue_path(repo: str, number: int) -> str:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ValueError(f"pull request number {number!r}: expected a positive integer")
    return f"/repos/{_quote_repo(repo)}/issues/{number}"


def _next_link(header: str) -> str | None:
    for url, rels in _LINK.findall(header):
        if "next" in rels.split():
            return str(url)
    return None


def _comment(item: t.Any) -> Comment | None:
    if not isinstance(item, dict) or not isinstance(item.get("id"), int):
        return None
    raw = item.get("user")
    user: dict[str, t.Any] = raw if isinstance(raw, dict) else {}
    return Comment(
        id=item["id"],
        body=str(item.get("body") or ""),
        login=str(user.get("login") or ""),
        user_type=str(user.get("type") or ""),
        html_url=str(item.get("html_url") or ""),
    )


def _message(response: Response) -> str:
    data = response.json()
    message = data.get("message") if isinstance(data, dict) else None
    if not isinstance(message, str):
        return ""
    return _one_line(message)[:200]


def _validation(response: Response) -> str:
    data = response.json()
    errors = data.get("errors") if isinstance(data, dict) else None
    if not isinstance(errors, list):
        return ""
    parts = []
    for error in errors[:3]:
        if isinstance(error, dict):
            text = error.get("message") or " ".join(
                str(error.get(k)) for k in ("resource", "field", "code") if error.get(k)
            )
            parts.append(_one_line(str(text))[:120])
        elif isinstance(error, str):
            parts.append(_one_line(error)[:120])
    return f": {'; '.join(parts)}" if parts else ""


def _status_text(response: Response) -> str:
    message = _message(response)
    return f"{response.status} {message}".strip()


def _rate_hint(response: Response) -> str:
    return " (rate limited)" if response.status in (403, 429) else ""


def _one_line(text: str) -> str:
    return " ".join(text.split())


__all__ = [
    "ACTIONS_BOT",
    "API_VERSION",
    "DEFAULT_API_URL",
    "Comment",
    "GitHubClient",
    "GitHubError",
    "Outcome",
    "Response",
    "check_api_url",
    "check_repo",
    "find_own_comment",
    "upsert_comment",
]
