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
origin, so the token is never sent to another host (``rest.py`` has the calls,
retries and errors the three platforms share).
"""

from __future__ import annotations

import dataclasses
import re
import typing as t
from urllib.parse import quote

from analyzer.publish import rest
from analyzer.publish.rest import Outcome, Response, check_api_url

API_VERSION = "2022-11-28"
DEFAULT_API_URL = "https://api.github.com"
#: The login of GITHUB_TOKEN's comments (the GitHub Actions app's bot user).
ACTIONS_BOT = "github-actions[bot]"

_REPO = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/[A-Za-z0-9._-]{1,100}")
_PERMISSIONS = (
    "the token needs write access to pull requests: 'permissions: pull-requests: write' "
    "in the workflow (fine-grained token: 'Pull requests: Read and write'); "
    "GITHUB_TOKEN is read-only on pull requests from forks"
)


class GitHubError(rest.PublishError):
    """A request failed; ``str()`` is one line for the user, without the token."""


@dataclasses.dataclass(frozen=True, slots=True)
class Comment:
    id: int
    body: str
    login: str
    user_type: str
    html_url: str


def check_repo(repo: str) -> str:
    """``OWNER/NAME`` as GitHub allows them; anything else could escape the URL path."""
    if not _REPO.fullmatch(repo) or repo.endswith(("/.", "/..")):
        raise ValueError(f"repository {repo!r}: expected OWNER/NAME")
    return repo


class GitHubClient(rest.RestClient):
    """A REST client for one API root and one token."""

    service = "GitHub"
    default_token_name = "GITHUB_TOKEN"
    error_type = GitHubError
    limited_statuses = (403, 429)

    def auth_headers(self) -> dict[str, str]:
        return {
            "Authorization": f"Bearer {self._token}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": API_VERSION,
        }

    def forbidden_hint(self) -> str:
        return _PERMISSIONS

    def not_found_hint(self) -> str:
        return (
            "check the repository and pull request number, "
            f"and that the token in ${self.token_name} can see the repository"
        )

    def error(self, response: Response, shown: str) -> rest.PublishError:
        if response.status != 422:
            return super().error(response, shown)
        message = self._redact(self.message(response))
        text = f"{shown}: GitHub rejected the request (422 {message}{_validation(response)})"
        return GitHubError(self._redact(text), 422)

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
        url = f"{self.api_url}{_issue_path(repo, number)}/comments?per_page=100"
        for _, data in self.pages(url, "comments"):
            for item in data:
                comment = _comment(item)
                if comment is not None:
                    yield comment

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

    def ours(comment: Comment) -> bool:
        if login is not None:
            return comment.login == login
        return comment.login == author and comment.user_type == "Bot"

    return rest.find_marked(comments, marker_line, lambda c: c.body, ours)


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
    where = f"{repo}#{number}"
    login = client.login()
    own = find_own_comment(client.comments(repo, number), marker_line, login, author)
    if dry_run:
        if own is None:
            return Outcome("would create", where, None, None)
        return Outcome("would update", where, own.id, own.html_url)
    if own is None:
        made = client.create(repo, number, body)
        return Outcome("created", where, made.id, made.html_url)
    edited = client.update(repo, own.id, body)
    return Outcome("updated", where, edited.id, edited.html_url)


# -- helpers -----------------------------------------------------------------------


def _quote_repo(repo: str) -> str:
    owner, name = check_repo(repo).split("/")
    return f"{quote(owner, safe='')}/{quote(name, safe='')}"


def _issue_path(repo: str, number: int) -> str:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ValueError(f"pull request number {number!r}: expected a positive integer")
    return f"/repos/{_quote_repo(repo)}/issues/{number}"


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
            parts.append(rest.one_line(str(text))[:120])
        elif isinstance(error, str):
            parts.append(rest.one_line(error)[:120])
    return f": {'; '.join(parts)}" if parts else ""


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
