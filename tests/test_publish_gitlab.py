"""The GitLab merge-request note poster (analyzer/publish/gitlab.py, ``ddlaudit comment``).

Every test talks to the scripted HTTP server of tests/test_publish_github.py on
127.0.0.1 (each expected method, path, query and JSON body, and the answer), with
GitLab's headers checked instead of GitHub's: ``PRIVATE-TOKEN`` and no
``Authorization``.  Paths are compared as sent, so a project path must arrive
URL-encoded (``group%2Fsub%2Fdb``).  The socket guard of that module fails any
connection to another host.
"""

from __future__ import annotations

import typing as t
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.publish.gitlab import GitLabClient, GitLabError, Note, find_own_note, upsert_note
from analyzer.reporters.diff_markdown import marker_comment
from tests.test_publish_github import Exchange, FakeGitHub, Seen, only_localhost

TOKEN = "glpat-SECRETtoken0123456789"
PROJECT = "group/sub/db"
ENCODED = "group%2Fsub%2Fdb"
IID = 3
BOT = 4242
MARKER = marker_comment("ddlaudit")
DATA = Path(__file__).parent / "data" / "diff"
NOTES = f"/api/v4/projects/{ENCODED}/merge_requests/{IID}/notes"
FIRST = {"sort": ["asc"], "order_by": ["created_at"], "per_page": ["100"]}
CI_VARIABLES = (
    "GITHUB_ACTIONS",
    "GITLAB_CI",
    "TF_BUILD",
    "CI_API_V4_URL",
    "CI_PROJECT_ID",
    "CI_MERGE_REQUEST_IID",
    "GITLAB_TOKEN",
)

assert only_localhost  # the module's autouse socket guard, imported to apply here


class FakeGitLab(FakeGitHub):
    """The scripted server, checking GitLab's authentication instead of GitHub's."""

    def _check_headers(self, seen: Seen) -> None:
        if seen.headers.get("private-token") != TOKEN:
            self.problems.append(
                f"{seen.path}: private-token {seen.headers.get('private-token')!r}"
            )
        if "authorization" in seen.headers:
            self.problems.append(f"{seen.path}: an Authorization header was sent")
        if not seen.headers.get("user-agent", "").startswith("ddlaudit/"):
            self.problems.append(f"{seen.path}: user-agent {seen.headers.get('user-agent')!r}")
        if seen.body is not None and seen.headers.get("content-type") != "application/json":
            self.problems.append(f"{seen.path}: content-type {seen.headers.get('content-type')}")

    @property
    def api(self) -> str:
        return f"{self.url}/api/v4"


@pytest.fixture(autouse=True)
def no_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    """The suite may itself run in a CI: its variables must not choose for the tests."""
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def _user(uid: int = BOT, username: str = "project_77_bot_1") -> dict[str, t.Any]:
    return {"id": uid, "username": username, "bot": True}


def _note(nid: int, body: str, uid: int, system: bool = False) -> dict[str, t.Any]:
    return {
        "id": nid,
        "body": body,
        "author": {"id": uid, "username": f"user{uid}"},
        "system": system,
        "noteable_iid": IID,
    }


ME = Exchange("GET", "/api/v4/user", {}, answer=_user())


def _body_is(expected: str) -> t.Callable[[t.Any], bool]:
    return lambda body: body == {"body": expected}


def _client(fake: FakeGitLab, waits: list[float] | None = None, **kw: t.Any) -> GitLabClient:
    record = waits if waits is not None else []
    return GitLabClient(fake.api, TOKEN, sleep=record.append, clock=lambda: 1_000_000.0, **kw)


# -- create, update, pagination, ownership -------------------------------------------


def test_creates_a_note_when_none_is_the_bots() -> None:
    body = f"{MARKER}\nreport"
    script = [
        ME,
        Exchange(
            "GET",
            NOTES,
            FIRST,
            answer=[
                _note(1, "LGTM", 7),
                # A system note ("changed the description") quoting the marker is no comment.
                _note(2, f"changed this line {MARKER}", BOT, system=True),
            ],
        ),
        Exchange("POST", NOTES, {}, status=201, answer=_note(9, body, BOT), body=_body_is(body)),
    ]
    with FakeGitLab(script) as fake:
        outcome = upsert_note(_client(fake), PROJECT, IID, body, MARKER)
    fake.done()
    assert outcome.describe() == f"created note 9 on {PROJECT}!{IID}"
    assert all(ENCODED in s.path for s in fake.seen if s.path != "/api/v4/user")


def test_updates_the_bots_oldest_note_across_link_and_next_page_headers() -> None:
    body = f"{MARKER}\nnew"
    page2 = f"{{base}}{NOTES}?sort=asc&order_by=created_at&per_page=100&page=2"
    script = [
        ME,
        Exchange(
            "GET",
            NOTES,
            FIRST,
            answer=[_note(10, "first", 7), _note(11, f"> {MARKER}\n> quoted", 8)],
            headers={"Link": f'<{page2}>; rel="next"', "X-Next-Page": "2"},
        ),
        Exchange(
            "GET",
            NOTES,
            {**FIRST, "page": ["2"]},
            answer=[_note(12, "another bot", 99)],
            # No Link: the X-Next-Page header alone leads to page 3.
            headers={"X-Next-Page": "3", "X-Page": "2"},
        ),
        Exchange(
            "GET",
            NOTES,
            {**FIRST, "page": ["3"]},
            answer=[_note(13, f"{MARKER}\nold", BOT), _note(14, f"{MARKER}\ndup", BOT)],
            headers={"X-Next-Page": "", "X-Page": "3"},
        ),
        Exchange("PUT", f"{NOTES}/13", {}, answer=_note(13, body, BOT), body=_body_is(body)),
    ]
    with FakeGitLab(script) as fake:
        outcome = upsert_note(_client(fake), PROJECT, IID, body, MARKER)
    fake.done()
    assert (outcome.action, outcome.comment_id) == ("updated", 13)
    assert outcome.describe() == f"updated note 13 on {PROJECT}!{IID}"


def test_a_person_quoting_the_marker_gets_a_new_note_not_an_edit() -> None:
    body = f"{MARKER}\nreport"
    script = [
        ME,
        Exchange("GET", NOTES, FIRST, answer=[_note(5, f"see {MARKER}", 7)]),
        Exchange("POST", NOTES, status=201, answer=_note(6, body, BOT)),
    ]
    with FakeGitLab(script) as fake:
        outcome = upsert_note(_client(fake), PROJECT, IID, body, MARKER)
    fake.done()
    assert outcome.action == "created"
    assert not any(s.method == "PUT" for s in fake.seen)


def test_find_own_note_needs_marker_author_and_a_user_note() -> None:
    notes = [
        Note(1, f"{MARKER}\nx", 7, False),
        Note(2, f"{MARKER}\nx", BOT, True),
        Note(3, "no marker", BOT, False),
        Note(4, f"{marker_comment('other')}\nx", BOT, False),
        Note(5, f"{MARKER}\nmine", BOT, False),
    ]
    assert find_own_note(notes, MARKER, BOT) == notes[4]
    assert find_own_note(notes[:4], MARKER, BOT) is None


def test_numeric_project_id_is_sent_as_is() -> None:
    path = f"/api/v4/projects/1234/merge_requests/{IID}/notes"
    script = [ME, Exchange("GET", path, FIRST, answer=[])]
    with FakeGitLab(script) as fake:
        outcome = upsert_note(_client(fake), "1234", IID, "x", MARKER, dry_run=True)
    fake.done()
    assert outcome.describe() == f"would create a note on 1234!{IID}"


def test_dry_run_only_reads() -> None:
    script = [ME, Exchange("GET", NOTES, FIRST, answer=[_note(3, MARKER, BOT)])]
    with FakeGitLab(script) as fake:
        outcome = upsert_note(_client(fake), PROJECT, IID, "x", MARKER, dry_run=True)
    fake.done()
    assert outcome.describe() == f"would update note 3 on {PROJECT}!{IID}"
    assert {s.method for s in fake.seen} == {"GET"}


@pytest.mark.parametrize("project", ["../x", "group/../x", "a b/c", "group/", "/abs", ""])
def test_a_project_that_could_escape_the_path_is_refused(project: str) -> None:
    with FakeGitLab([]) as fake, pytest.raises(ValueError, match="expected a numeric id"):
        upsert_note(_client(fake), project, IID, "x", MARKER)
    fake.done()
    assert fake.seen == []


# -- errors ------------------------------------------------------------------------------


def _fails(script: list[Exchange], **kw: t.Any) -> tuple[GitLabError, FakeGitLab, list[float]]:
    waits: list[float] = []
    with FakeGitLab(script) as fake, pytest.raises(GitLabError) as info:
        upsert_note(_client(fake, waits, **kw), PROJECT, IID, f"{MARKER}\nx", MARKER)
    assert fake.problems == []
    message = str(info.value)
    assert TOKEN not in message and "\n" not in message
    return info.value, fake, waits


def test_401_names_the_token_variable_and_the_token_to_use() -> None:
    err, _, _ = _fails(
        [Exchange("GET", "/api/v4/user", status=401, answer={"message": "401 Unauthorized"})]
    )
    assert err.status == 401
    assert str(err) == (
        "GET /api/v4/user: GitLab rejected the token in $GITLAB_TOKEN (401 Unauthorized): "
        "it is missing, expired or revoked (use a project access token with the 'api' "
        "scope, not CI_JOB_TOKEN)"
    )


def test_403_insufficient_scope_names_the_scope() -> None:
    # GitLab's answer for a token without the needed scope (an OAuth-style error).
    answer = {
        "error": "insufficient_scope",
        "error_description": "The request requires higher privileges than provided by "
        "the access token.",
        "scope": "api",
    }
    script = [
        ME,
        Exchange("GET", NOTES, FIRST, answer=[]),
        Exchange("POST", NOTES, status=403, answer=answer),
    ]
    err, _, waits = _fails(script)
    assert err.status == 403 and waits == []
    assert str(err).startswith(f"POST {NOTES}: forbidden (403 insufficient_scope: ")
    assert "scope needed: api" in str(err)
    assert "the token needs the 'api' scope and a role that may comment" in str(err)


def test_404_says_what_to_check() -> None:
    script = [
        ME,
        Exchange("GET", NOTES, FIRST, status=404, answer={"message": "404 Project Not Found"}),
    ]
    err, _, _ = _fails(script)
    assert err.status == 404
    assert str(err) == (
        f"GET {NOTES}: not found (404): check the project and merge request iid, and that "
        "the token in $GITLAB_TOKEN can see the project (GitLab answers 404 for a project "
        "it hides)"
    )


def test_400_shows_the_field_errors() -> None:
    script = [
        ME,
        Exchange("GET", NOTES, FIRST, answer=[]),
        Exchange(
            "POST",
            NOTES,
            status=400,
            answer={"message": {"note": ["is too long (maximum is 1000000 characters)"]}},
        ),
    ]
    err, _, _ = _fails(script)
    assert str(err) == (
        f"POST {NOTES}: GitLab answered 400 note is too long (maximum is 1000000 characters)"
    )


def test_429_retry_after_is_honoured() -> None:
    body = f"{MARKER}\nx"
    limited = {"message": "Retry later"}
    script = [
        Exchange("GET", "/api/v4/user", status=429, answer=limited, headers={"Retry-After": "9"}),
        ME,
        Exchange("GET", NOTES, FIRST, answer=[]),
        Exchange("POST", NOTES, status=429, answer=limited, headers={"Retry-After": "4"}),
        Exchange("POST", NOTES, status=201, answer=_note(1, body, BOT)),
    ]
    waits: list[float] = []
    with FakeGitLab(script) as fake:
        outcome = upsert_note(_client(fake, waits), PROJECT, IID, body, MARKER)
    fake.done()
    assert outcome.action == "created" and waits == [9.0, 4.0]


def test_429_ratelimit_reset_is_waited_for() -> None:
    headers = {"RateLimit-Remaining": "0", "RateLimit-Reset": str(1_000_000 + 20)}
    script = [
        Exchange("GET", "/api/v4/user", status=429, answer={"message": "x"}, headers=headers),
        ME,
        Exchange("GET", NOTES, FIRST, answer=[]),
        Exchange("POST", NOTES, status=201, answer=_note(1, "x", BOT)),
    ]
    waits: list[float] = []
    with FakeGitLab(script) as fake:
        upsert_note(_client(fake, waits), PROJECT, IID, "x", MARKER)
    fake.done()
    assert waits == [21.0]


def test_429_retries_are_bounded_and_403_is_not_retried() -> None:
    limited = Exchange(
        "GET",
        "/api/v4/user",
        status=429,
        answer={"message": "Retry later"},
        headers={"Retry-After": "1"},
    )
    err, fake, waits = _fails([limited] * 3, max_retries=2)
    assert waits == [1.0, 1.0] and len(fake.seen) == 3
    assert str(err) == "GET /api/v4/user: still 429 Retry later after 2 retries (rate limited)"
    # GitLab's 403 is a permission, never a rate limit: no wait, even with a rate-limit word.
    err, _, waits = _fails(
        [
            Exchange(
                "GET", "/api/v4/user", status=403, answer={"message": "403 rate limit Forbidden"}
            )
        ]
    )
    assert waits == [] and err.status == 403


def test_pagination_link_to_another_host_is_not_followed() -> None:
    with FakeGitLab([]) as elsewhere:
        script = [
            ME,
            Exchange(
                "GET",
                NOTES,
                FIRST,
                answer=[],
                headers={"Link": f'<{elsewhere.url}{NOTES}?page=2>; rel="next"'},
            ),
        ]
        err, _, _ = _fails(script)
    assert "pagination link leaves" in str(err)
    assert elsewhere.seen == []


def test_the_token_never_appears_in_an_error() -> None:
    script = [Exchange("GET", "/api/v4/user", status=500, answer={"message": f"boom {TOKEN}"})]
    err, _, _ = _fails(script)
    assert str(err) == "GET /api/v4/user: GitLab answered 500 boom ***"


# -- the command -------------------------------------------------------------------------


def _env(fake: FakeGitLab, **extra: str) -> dict[str, str]:
    return {
        "GITLAB_CI": "true",
        "CI_API_V4_URL": fake.api,
        "CI_PROJECT_ID": "1234",
        "CI_MERGE_REQUEST_IID": str(IID),
        "GITLAB_TOKEN": TOKEN,
        **extra,
    }


def _run(args: list[str], env: dict[str, str], stdin: str | None = None) -> t.Any:
    return CliRunner().invoke(main, ["comment", *args], env=env, input=stdin)


PROJECT_NOTES = f"/api/v4/projects/1234/merge_requests/{IID}/notes"


def test_cli_in_gitlab_ci_posts_a_note(tmp_path: Path) -> None:
    body_file = tmp_path / "body.md"
    body_file.write_text("## report\n", encoding="utf-8")
    expected = f"{MARKER}\n## report\n"
    script = [
        ME,
        Exchange("GET", PROJECT_NOTES, FIRST, answer=[]),
        Exchange(
            "POST",
            PROJECT_NOTES,
            status=201,
            answer=_note(8, expected, BOT),
            body=_body_is(expected),
        ),
    ]
    with FakeGitLab(script) as fake:
        # GitHub's variables too: GITLAB_CI decides only when GITHUB_ACTIONS is not "true".
        result = _run(
            ["--body", str(body_file)],
            _env(fake, GITHUB_REPOSITORY="octo/db", GITHUB_TOKEN="ghs_x", GITHUB_ACTIONS="false"),
        )
    fake.done()
    assert result.exit_code == 0, result.output
    assert result.stdout == f"created note 8 on 1234!{IID}\n"


def test_cli_platform_option_and_explicit_project_path(tmp_path: Path) -> None:
    script = [ME, Exchange("GET", NOTES, FIRST, answer=[_note(5, MARKER, BOT)])]
    with FakeGitLab(script) as fake:
        env = _env(fake, GITLAB_CI="", TF_BUILD="True", MY_TOKEN=TOKEN)
        args = [
            "--diff-json",
            str(DATA / "markdown_basic.json"),
            "--platform",
            "gitlab",
            "--repo",
            PROJECT,
            "--pr",
            str(IID),
            "--token-env",
            "MY_TOKEN",
            "--dry-run",
        ]
        result = _run(args, {**env, "GITLAB_TOKEN": ""})
    fake.done()
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"would update note 5 on {PROJECT}!{IID} (")


@pytest.mark.parametrize(
    ("status", "answer", "needle"),
    [
        (401, {"message": "401 Unauthorized"}, "rejected the token in $GITLAB_TOKEN"),
        (403, {"message": "403 Forbidden"}, "'api' scope"),
        (404, {"message": "404 Not found"}, "not found (404)"),
        (429, {"message": "Retry later"}, "resets in 3600 s"),
    ],
)
def test_cli_api_errors_exit_3(tmp_path: Path, status: int, answer: t.Any, needle: str) -> None:
    headers = {"Retry-After": "3600"} if status == 429 else {}
    script = [
        ME,
        Exchange("GET", PROJECT_NOTES, FIRST, status=status, answer=answer, headers=headers),
    ]
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    with FakeGitLab(script) as fake:
        result = _run(["--body", str(body)], _env(fake))
    fake.done()
    assert result.exit_code == 3, result.output
    assert needle in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output and TOKEN not in result.output


def test_cli_network_error_exit_3(tmp_path: Path) -> None:
    with FakeGitLab([]) as fake:
        env = _env(fake)
    # The server is closed now: nothing listens on that port.
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    result = _run(["--body", str(body)], env)
    assert result.exit_code == 3
    assert result.stderr.startswith("ddlaudit: GET /api/v4/user: cannot reach http://127.0.0.1:")
    assert "Traceback" not in result.output and TOKEN not in result.output


def test_cli_missing_token_exit_3(tmp_path: Path) -> None:
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    with FakeGitLab([]) as fake:
        result = _run(["--body", str(body)], _env(fake, GITLAB_TOKEN=""))
    fake.done()
    assert result.exit_code == 3
    assert result.stderr == (
        "ddlaudit: no token in $GITLAB_TOKEN: add a project access token with the 'api' "
        "scope as a masked CI/CD variable named GITLAB_TOKEN\n"
    )
    assert fake.seen == []


@pytest.mark.parametrize(
    ("args", "env", "needle"),
    [
        ([], {"CI_MERGE_REQUEST_IID": ""}, "no merge request: pass --pr IID"),
        ([], {"CI_MERGE_REQUEST_IID": "x1"}, "$CI_MERGE_REQUEST_IID is 'x1'"),
        ([], {"CI_PROJECT_ID": ""}, "no project: pass --repo ID"),
        (["--repo", "../../x"], {}, "expected a numeric id or a GROUP/PROJECT path"),
        (["--author", "bot"], {}, "--author is for --platform github only"),
        (["--thread-status", "closed"], {}, "--thread-status is for --platform azure only"),
        (["--api-url", "ftp://x"], {}, "expected http(s)"),
    ],
)
def test_cli_usage_errors_exit_2(
    tmp_path: Path, args: list[str], env: dict[str, str], needle: str
) -> None:
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    with FakeGitLab([]) as fake:
        result = _run(["--body", str(body), *args], {**_env(fake), **env})
    fake.done()
    assert result.exit_code == 2, result.output
    assert needle in result.stderr
    assert fake.seen == []


def test_cli_accepts_a_body_longer_than_githubs_limit(tmp_path: Path) -> None:
    # GitLab's notes take 1,000,000 characters; GitHub's 65,536 does not apply.
    body = tmp_path / "long.md"
    body.write_text("x" * 70_000, encoding="utf-8")
    script = [ME, Exchange("GET", PROJECT_NOTES, FIRST, answer=[])]
    with FakeGitLab(script) as fake:
        result = _run(["--body", str(body), "--dry-run"], _env(fake))
    fake.done()
    assert result.exit_code == 0, result.output
    too_long = tmp_path / "longer.md"
    too_long.write_text("x" * 1_000_001, encoding="utf-8")
    with FakeGitLab([]) as fake:
        result = _run(["--body", str(too_long)], _env(fake))
    assert result.exit_code == 2
    assert "GitLab accepts at most 1,000,000" in result.stderr
