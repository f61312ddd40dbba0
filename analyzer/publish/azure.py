"""Create or update the bot's own pull-request thread through the Azure DevOps REST API 7.1.

Endpoints (Azure DevOps Services REST API 7.1, "Pull Request Threads" and "Pull
Request Thread Comments",
https://learn.microsoft.com/rest/api/azure/devops/git/pull-request-threads and
.../pull-request-thread-comments), under the collection URL (``SYSTEM_COLLECTIONURI``,
e.g. ``https://dev.azure.com/ORG/``):

* ``GET _apis/connectionData``: the token's identity, ``authenticatedUser.id`` (the
  project's build service for ``System.AccessToken``), to recognise the bot's
  comment (D150);
* ``GET {project}/_apis/git/repositories/{repo}/pullRequests/{id}/threads``: the
  threads with their comments, ``{"count": n, "value": [...]}`` (no paging
  parameters; an ``x-ms-continuationtoken`` header, Azure DevOps' general paging,
  would be followed as ``continuationToken=``);
* ``POST .../threads`` ``{"comments": [{"parentCommentId": 0, "content": ...,
  "commentType": "text"}], "status": "active" | "closed"}``;
* ``PATCH .../threads/{threadId}/comments/{commentId}`` ``{"content": ...}``;
* ``PATCH .../threads/{threadId}`` ``{"status": ...}``: a finding-free diff closes
  the thread, a new finding reopens it (D151).

Every call carries ``api-version=7.1`` (``7.1-preview.1`` for connectionData, a
preview resource) and ``Authorization: Bearer TOKEN``.  Rate limits ("Rate and usage
limits"): a 429 with ``Retry-After`` waits that long, with ``X-RateLimit-Remaining:
0`` until ``X-RateLimit-Reset``.  A 203 or an HTML page instead of JSON is Azure
DevOps' sign-in page: the token was not accepted.

>>> wanted_status("closed", resolved=False), wanted_status("wontFix", resolved=False)
('active', None)
"""

from __future__ import annotations

import dataclasses
import typing as t
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from analyzer.publish import rest
from analyzer.publish.rest import Outcome, Response

API_VERSION = "7.1"
#: connectionData is a preview resource: a released version number would be refused.
CONNECTION_DATA_VERSION = "7.1-preview.1"
_PERMISSION = (
    "the build service ('PROJECT Build Service (ORG)') needs 'Contribute to pull "
    "requests' on the repository (Project settings > Repositories > Security); a "
    "personal access token needs the 'Code (Read & write)' scope"
)
#: Statuses a person sets on purpose: a finding that is still there does not reopen them.
_ANSWERED = ("wontFix", "byDesign")
#: Statuses that count as resolved: a finding-free diff leaves them alone.
_RESOLVED = ("closed", "fixed", *_ANSWERED)


class AzureError(rest.PublishError):
    """A request failed; ``str()`` is one line for the user, without the token."""


@dataclasses.dataclass(frozen=True, slots=True)
class ThreadComment:
    id: int
    content: str
    author_id: str


@dataclasses.dataclass(frozen=True, slots=True)
class Thread:
    id: int
    status: str
    comments: tuple[ThreadComment, ...]


def wanted_status(current: str, *, resolved: bool) -> str | None:
    """The status to set on the bot's thread, or None to leave it (D151).

    ``resolved``: the diff has no new finding.  It closes an open thread; a new
    finding reopens a closed or fixed one, but not one a person marked "won't fix"
    or "by design".
    """
    if resolved:
        return None if current in _RESOLVED else "closed"
    return None if current == "active" or current in _ANSWERED else "active"


def check_name(value: str, what: str) -> str:
    """A project, repository id or name: one non-empty path segment once encoded."""
    if not value or value.strip() != value or any(ord(c) < 0x20 for c in value):
        raise ValueError(f"{what} {value!r}: expected a name or id")
    if value in (".", ".."):
        raise ValueError(f"{what} {value!r}: expected a name or id")
    return value


class AzureClient(rest.RestClient):
    """An Azure DevOps REST client for one collection URL and one token."""

    service = "Azure DevOps"
    default_token_name = "SYSTEM_ACCESSTOKEN"
    error_type = AzureError

    def auth_headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self._token}", "Accept": "application/json"}

    def forbidden_hint(self) -> str:
        return _PERMISSION

    def not_found_hint(self) -> str:
        return (
            "check the collection URL, project, repository id and pull request id, and "
            f"that the token in ${self.token_name} can read the repository"
        )

    def unauthorized_hint(self) -> str:
        return " (in a pipeline map it: 'env: SYSTEM_ACCESSTOKEN: $(System.AccessToken)')"

    def accepted(self, response: Response, shown: str) -> Response:
        kind = response.headers.get("content-type", "")
        if response.status == 203 or kind.startswith("text/html"):
            raise AzureError(
                f"{shown}: Azure DevOps answered with a sign-in page ({response.status}): "
                f"it did not accept the token in ${self.token_name}",
                401,
            )
        return response

    def items(self, data: t.Any) -> list[t.Any] | None:
        value = data.get("value") if isinstance(data, dict) else None
        return value if isinstance(value, list) else None

    def next_page(self, response: Response, url: str) -> str | None:
        token = response.headers.get("x-ms-continuationtoken", "").strip()
        if not token:
            return None
        parts = urlsplit(url)
        query = [(k, v) for k, v in parse_qsl(parts.query) if k != "continuationToken"]
        return urlunsplit(parts._replace(query=urlencode([*query, ("continuationToken", token)])))

    # -- endpoints -----------------------------------------------------------

    def identity(self) -> str:
        """The id of the token's identity (``authenticatedUser.id`` of connectionData)."""
        path = f"/_apis/connectionData?api-version={CONNECTION_DATA_VERSION}"
        data = self.request("GET", path).json()
        user = data.get("authenticatedUser") if isinstance(data, dict) else None
        found = user.get("id") if isinstance(user, dict) else None
        if not isinstance(found, str) or not found:
            raise AzureError("GET /_apis/connectionData: Azure DevOps names no authenticated user")
        return found.lower()

    def threads(self, project: str, repo: str, pr: int) -> t.Iterator[Thread]:
        """The pull request's threads (deleted ones left out), in Azure DevOps' order."""
        url = f"{self.api_url}{_threads_path(project, repo, pr)}?api-version={API_VERSION}"
        for _, data in self.pages(url, "threads"):
            for item in data:
                thread = _thread(item)
                if thread is not None:
                    yield thread

    def create_thread(self, project: str, repo: str, pr: int, body: str, status: str) -> Thread:
        path = f"{_threads_path(project, repo, pr)}?api-version={API_VERSION}"
        payload = {
            "comments": [{"parentCommentId": 0, "content": body, "commentType": "text"}],
            "status": status,
        }
        thread = _thread(self.request("POST", path, payload).json())
        if thread is None:
            raise AzureError(f"POST {path.split('?')[0]}: Azure DevOps' answer is not a thread")
        return thread

    def update_comment(
        self, project: str, repo: str, pr: int, thread_id: int, comment_id: int, body: str
    ) -> None:
        path = (
            f"{_threads_path(project, repo, pr)}/{int(thread_id)}/comments/{int(comment_id)}"
            f"?api-version={API_VERSION}"
        )
        self.request("PATCH", path, {"content": body})

    def set_status(self, project: str, repo: str, pr: int, thread_id: int, status: str) -> None:
        path = f"{_threads_path(project, repo, pr)}/{int(thread_id)}?api-version={API_VERSION}"
        self.request("PATCH", path, {"status": status})


def find_own_comment(
    threads: t.Iterable[Thread], marker_line: str, identity: str
) -> tuple[Thread, ThreadComment] | None:
    """The first thread with a comment holding ``marker_line`` by ``identity`` (D88, D150)."""
    pairs = ((thread, comment) for thread in threads for comment in thread.comments)
    return rest.find_marked(
        pairs,
        marker_line,
        lambda pair: pair[1].content,
        lambda pair: pair[1].author_id == identity,
    )


def upsert_thread(
    client: AzureClient,
    project: str,
    repo: str,
    pr: int,
    body: str,
    marker_line: str,
    *,
    resolved: bool,
    dry_run: bool = False,
) -> Outcome:
    """Update the bot's comment holding ``marker_line`` and its thread's status, or create one.

    ``resolved``: the diff has no new finding (the thread is closed, else active).
    """
    check_name(project, "project")
    check_name(repo, "repository")
    where = f"pull request {pr}"
    identity = client.identity()
    found = find_own_comment(client.threads(project, repo, pr), marker_line, identity)
    would = "would " if dry_run else ""
    if found is None:
        status = "closed" if resolved else "active"
        note = f" ({status})"
        if dry_run:
            return Outcome("would create", where, None, None, "thread", note)
        made = client.create_thread(project, repo, pr, body, status)
        return Outcome("created", where, made.id, None, "thread", note)
    thread, comment = found
    status_change = wanted_status(thread.status, resolved=resolved)
    note = ""
    if status_change is not None:
        note = f"; {would}{'close' if status_change == 'closed' else 'reopen'} it"
    if dry_run:
        return Outcome("would update", where, thread.id, None, "thread", note)
    client.update_comment(project, repo, pr, thread.id, comment.id, body)
    if status_change is not None:
        client.set_status(project, repo, pr, thread.id, status_change)
        note = f"; {'closed' if status_change == 'closed' else 'reopened'} it"
    return Outcome("updated", where, thread.id, None, "thread", note)


def _threads_path(project: str, repo: str, pr: int) -> str:
    if isinstance(pr, bool) or not isinstance(pr, int) or pr < 1:
        raise ValueError(f"pull request id {pr!r}: expected a positive integer")
    project_part = quote(check_name(project, "project"), safe="")
    repo_part = quote(check_name(repo, "repository"), safe="")
    return f"/{project_part}/_apis/git/repositories/{repo_part}/pullRequests/{pr}/threads"


def _thread(item: t.Any) -> Thread | None:
    if not isinstance(item, dict) or not isinstance(item.get("id"), int):
        return None
    if item.get("isDeleted") is True:
        return None
    comments = []
    for raw in item.get("comments") or ():
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), int):
            continue
        if raw.get("isDeleted") is True or raw.get("commentType") == "system":
            continue
        author = raw.get("author")
        author_id = author.get("id") if isinstance(author, dict) else None
        comments.append(
            ThreadComment(
                id=raw["id"],
                content=str(raw.get("content") or ""),
                author_id=author_id.lower() if isinstance(author_id, str) else "",
            )
        )
    status = item.get("status")
    return Thread(item["id"], status if isinstance(status, str) else "unknown", tuple(comments))


__all__ = [
    "API_VERSION",
    "AzureClient",
    "AzureError",
    "Thread",
    "ThreadComment",
    "check_name",
    "find_own_comment",
    "upsert_thread",
    "wanted_status",
]
