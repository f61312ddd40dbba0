"""Create or update the bot's own merge-request note through the GitLab REST API (v4).

Endpoints (GitLab "Notes API", https://docs.gitlab.com/api/notes/; "REST API",
https://docs.gitlab.com/api/rest/, for pagination; "Users API" for ``/user``):

* ``GET /user``: the token's own user; its numeric ``id`` recognises the bot's
  note (D149);
* ``GET /projects/:id/merge_requests/:iid/notes?sort=asc&order_by=created_at&per_page=100``:
  the notes, oldest first, paginated: the next page is the ``Link`` header's
  ``rel="next"`` URL, else ``page=`` the ``X-Next-Page`` header (empty on the last
  page);
* ``POST /projects/:id/merge_requests/:iid/notes`` ``{"body": ...}``;
* ``PUT /projects/:id/merge_requests/:iid/notes/:note_id`` ``{"body": ...}``.

``:id`` is the numeric project id or the project's path URL-encoded
(``group%2Fproject``).  The token goes in the ``PRIVATE-TOKEN`` header (a personal,
project or group access token with the ``api`` scope; ``CI_JOB_TOKEN`` cannot write
notes).  Rate limits ("Rate limits", https://docs.gitlab.com/security/rate_limits/):
a 429 with ``Retry-After`` waits that many seconds, with ``RateLimit-Remaining: 0``
until ``RateLimit-Reset``, else a minute; the retries and the rest are ``rest.py``'s.

>>> check_project("group/sub/db"), project_path("group/sub/db")
('group/sub/db', 'group%2Fsub%2Fdb')
"""

from __future__ import annotations

import dataclasses
import re
import typing as t
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from analyzer.publish import rest
from analyzer.publish.rest import Outcome, Response

_PROJECT = re.compile(r"[0-9]+|[A-Za-z0-9_.][A-Za-z0-9_.-]*(?:/[A-Za-z0-9_.][A-Za-z0-9_.-]*)+")
_SCOPE = (
    "the token needs the 'api' scope and a role that may comment on the merge request "
    "(Reporter or higher; a project access token: Settings > Access tokens); "
    "CI_JOB_TOKEN cannot write notes"
)


class GitLabError(rest.PublishError):
    """A request failed; ``str()`` is one line for the user, without the token."""


@dataclasses.dataclass(frozen=True, slots=True)
class Note:
    id: int
    body: str
    author_id: int | None
    system: bool


def check_project(project: str) -> str:
    """A numeric project id or a ``namespace/project`` path; anything else is refused."""
    segments = project.split("/")
    if not _PROJECT.fullmatch(project) or any(s in (".", "..") for s in segments):
        raise ValueError(f"project {project!r}: expected a numeric id or a GROUP/PROJECT path")
    return project


def project_path(project: str) -> str:
    """The ``:id`` of a path: the project, URL-encoded (``/`` as ``%2F``)."""
    return quote(check_project(project), safe="")


class GitLabClient(rest.RestClient):
    """A GitLab REST v4 client for one API root (``CI_API_V4_URL``) and one token."""

    service = "GitLab"
    default_token_name = "GITLAB_TOKEN"
    error_type = GitLabError
    limit_headers = ("ratelimit-remaining", "ratelimit-reset")

    def auth_headers(self) -> dict[str, str]:
        return {"PRIVATE-TOKEN": self._token, "Accept": "application/json"}

    def forbidden_hint(self) -> str:
        return _SCOPE

    def not_found_hint(self) -> str:
        return (
            "check the project and merge request iid, and that the token in "
            f"${self.token_name} can see the project (GitLab answers 404 for a project "
            "it hides)"
        )

    def unauthorized_hint(self) -> str:
        return " (use a project access token with the 'api' scope, not CI_JOB_TOKEN)"

    def message(self, response: Response) -> str:
        """GitLab's ``message`` (a string, or a field-to-errors object) and OAuth ``error``."""
        data = response.json()
        if not isinstance(data, dict):
            return ""
        parts: list[str] = []
        message = data.get("message")
        if isinstance(message, str):
            # GitLab repeats the status: {"message": "401 Unauthorized"}.
            prefix = f"{response.status} "
            parts.append(message[len(prefix) :] if message.startswith(prefix) else message)
        elif isinstance(message, dict):
            for field, errors in list(message.items())[:3]:
                listed = errors if isinstance(errors, list) else [errors]
                parts.append(f"{field} {', '.join(str(e) for e in listed[:3])}")
        error = data.get("error")
        if isinstance(error, str):
            described = data.get("error_description")
            parts.append(f"{error}: {described}" if isinstance(described, str) else error)
        scope = data.get("scope")
        if isinstance(scope, str):
            parts.append(f"scope needed: {scope}")
        return rest.one_line("; ".join(parts))[:200]

    def next_page(self, response: Response, url: str) -> str | None:
        linked = super().next_page(response, url)
        if linked is not None:
            return linked
        page = response.headers.get("x-next-page", "").strip()
        if not page.isdigit():
            return None
        parts = urlsplit(url)
        query = [(k, v) for k, v in parse_qsl(parts.query) if k != "page"]
        return urlunsplit(parts._replace(query=urlencode([*query, ("page", page)])))

    # -- endpoints -----------------------------------------------------------

    def user_id(self) -> int:
        """The numeric id of the token's user (``GET /user``)."""
        response = self.request("GET", "/user")
        data = response.json()
        found = data.get("id") if isinstance(data, dict) else None
        if not isinstance(found, int) or isinstance(found, bool):
            raise GitLabError("GET /user: GitLab's answer names no user id")
        return found

    def notes(self, project: str, iid: int) -> t.Iterator[Note]:
        """The merge request's notes, oldest first, page after page."""
        url = f"{self.api_url}{_notes_path(project, iid)}?sort=asc&order_by=created_at&per_page=100"
        for _, data in self.pages(url, "notes"):
            for item in data:
                note = _note(item)
                if note is not None:
                    yield note

    def create(self, project: str, iid: int, body: str) -> Note:
        path = _notes_path(project, iid)
        return self._note_answer(self.request("POST", path, {"body": body}), "POST", path)

    def update(self, project: str, iid: int, note_id: int, body: str) -> Note:
        path = f"{_notes_path(project, iid)}/{int(note_id)}"
        return self._note_answer(self.request("PUT", path, {"body": body}), "PUT", path)

    def _note_answer(self, response: Response, method: str, path: str) -> Note:
        note = _note(response.json())
        if note is None:
            raise GitLabError(f"{method} {path}: GitLab's answer is not a note")
        return note


def find_own_note(notes: t.Iterable[Note], marker_line: str, user_id: int) -> Note | None:
    """The oldest user note holding ``marker_line`` written by ``user_id`` (D88, D149)."""
    return rest.find_marked(
        notes,
        marker_line,
        lambda n: n.body,
        lambda n: n.author_id == user_id and not n.system,
    )


def upsert_note(
    client: GitLabClient,
    project: str,
    iid: int,
    body: str,
    marker_line: str,
    *,
    dry_run: bool = False,
) -> Outcome:
    """Update the bot's note holding ``marker_line``, or create one."""
    check_project(project)
    where = f"{project}!{iid}"
    user = client.user_id()
    own = find_own_note(client.notes(project, iid), marker_line, user)
    if dry_run:
        if own is None:
            return Outcome("would create", where, None, None, "note")
        return Outcome("would update", where, own.id, None, "note")
    if own is None:
        made = client.create(project, iid, body)
        return Outcome("created", where, made.id, None, "note")
    edited = client.update(project, iid, own.id, body)
    return Outcome("updated", where, edited.id, None, "note")


def _notes_path(project: str, iid: int) -> str:
    if isinstance(iid, bool) or not isinstance(iid, int) or iid < 1:
        raise ValueError(f"merge request iid {iid!r}: expected a positive integer")
    return f"/projects/{project_path(project)}/merge_requests/{iid}/notes"


def _note(item: t.Any) -> Note | None:
    if not isinstance(item, dict) or not isinstance(item.get("id"), int):
        return None
    raw = item.get("author")
    author: dict[str, t.Any] = raw if isinstance(raw, dict) else {}
    author_id = author.get("id")
    return Note(
        id=item["id"],
        body=str(item.get("body") or ""),
        author_id=author_id if isinstance(author_id, int) else None,
        system=item.get("system") is True,
    )


__all__ = [
    "GitLabClient",
    "GitLabError",
    "Note",
    "check_project",
    "find_own_note",
    "project_path",
    "upsert_note",
]
