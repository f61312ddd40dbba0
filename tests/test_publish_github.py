"""The GitHub comment poster (analyzer/publish/github.py, ``ddlaudit comment``).

Every test talks to a local HTTP server on 127.0.0.1 (``http.server`` in a
thread, port 0) that plays GitHub from a script: each expected request (method,
path, query, headers, JSON body) and its answer, in order.  The server records
any request it did not expect; a guard on ``socket.create_connection`` fails the
test if anything tries to reach another host.
"""

from __future__ import annotations

import dataclasses
import http.server
import json
import socket
import threading
import typing as t
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.publish.github import (
    ACTIONS_BOT,
    Comment,
    GitHubClient,
    GitHubError,
    find_own_comment,
    upsert_comment,
)
from analyzer.reporters.diff_markdown import marker_comment

TOKEN = "ghs_SECRETtoken0123456789"
REPO = "octo/db"
PR = 7
MARKER = marker_comment("ddlaudit")
DATA = Path(__file__).parent / "data" / "diff"


@dataclasses.dataclass
class Exchange:
    """One request the server expects, and GitHub's answer to it."""

    method: str
    path: str
    query: dict[str, list[str]] | None = None
    status: int = 200
    answer: t.Any = None
    headers: dict[str, str] = dataclasses.field(default_factory=dict)
    body: t.Callable[[t.Any], bool] | None = None  # checks the request's JSON body


@dataclasses.dataclass
class Seen:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: t.Any


class FakeGitHub:
    """A scripted GitHub REST API on 127.0.0.1."""

    def __init__(self, script: list[Exchange]) -> None:
        self.script = list(script)
        self.seen: list[Seen] = []
        self.problems: list[str] = []
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: t.Any) -> None:
                pass

            def _handle(self) -> None:
                owner._answer(self)

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _handle

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def _answer(self, handler: http.server.BaseHTTPRequestHandler) -> None:
        parts = urlsplit(handler.path)
        length = int(handler.headers.get("Content-Length") or 0)
        raw = handler.rfile.read(length) if length else b""
        body = json.loads(raw) if raw else None
        seen = Seen(
            handler.command,
            parts.path,
            parse_qs(parts.query),
            {k.lower(): v for k, v in handler.headers.items()},
            body,
        )
        self.seen.append(seen)
        self._check_headers(seen)
        if not self.script:
            self.problems.append(f"unexpected {seen.method} {handler.path}")
            self._send(handler, 599, {"message": "unexpected request"}, {})
            return
        want = self.script.pop(0)
        if (seen.method, seen.path) != (want.method, want.path):
            self.problems.append(
                f"expected {want.method} {want.path}, got {seen.method} {seen.path}"
            )
        if want.query is not None and seen.query != want.query:
            self.problems.append(f"{seen.path}: query {seen.query} != {want.query}")
        if want.body is not None and not want.body(body):
            self.problems.append(f"{seen.method} {seen.path}: unexpected body {body!r}")
        headers = {k: v.replace("{base}", self.url) for k, v in want.headers.items()}
        self._send(handler, want.status, want.answer, headers)

    def _check_headers(self, seen: Seen) -> None:
        expected = {
            "authorization": f"Bearer {TOKEN}",
            "accept": "application/vnd.github+json",
            "x-github-api-version": "2022-11-28",
        }
        for name, value in expected.items():
            if seen.headers.get(name) != value:
                self.problems.append(f"{seen.path}: header {name}={seen.headers.get(name)!r}")
        if not seen.headers.get("user-agent", "").startswith("ddlaudit/"):
            self.problems.append(f"{seen.path}: user-agent {seen.headers.get('user-agent')!r}")
        if seen.body is not None and seen.headers.get("content-type") != "application/json":
            self.problems.append(f"{seen.path}: content-type {seen.headers.get('content-type')}")

    @staticmethod
    def _send(
        handler: http.server.BaseHTTPRequestHandler,
        status: int,
        answer: t.Any,
        headers: dict[str, str],
    ) -> None:
        data = json.dumps(answer).encode() if answer is not None else b""
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json; charset=utf-8")
        handler.send_header("Content-Length", str(len(data)))
        for name, value in headers.items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(data)

    def __enter__(self) -> FakeGitHub:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def done(self) -> None:
        """Every scripted request came, nothing else did, and every check held."""
        assert self.problems == []
        assert self.script == [], f"requests never made: {self.script}"


@pytest.fixture(autouse=True)
def only_localhost(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[t.Any]]:
    """Fail any connection to a host other than 127.0.0.1 (and bypass proxies)."""
    for name in ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("no_proxy", "*")
    real = socket.create_connection
    refused: list[t.Any] = []

    def guarded(address: t.Any, *args: t.Any, **kwargs: t.Any) -> socket.socket:
        if address[0] != "127.0.0.1":
            refused.append(address)
            raise AssertionError(f"test tried to reach {address}")
        return real(address, *args, **kwargs)

    monkeypatch.setattr(socket, "create_connection", guarded)
    yield refused
    assert refused == []


@pytest.fixture(autouse=True)
def not_another_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run in GitLab CI or Azure Pipelines, the command would pick that platform (D148)."""
    for name in ("GITLAB_CI", "TF_BUILD"):
        monkeypatch.delenv(name, raising=False)


def _user(login: str, kind: str = "User") -> dict[str, t.Any]:
    return {"login": login, "id": abs(hash(login)) % 10_000, "type": kind}


def _comment(cid: int, body: str, login: str, kind: str = "User") -> dict[str, t.Any]:
    return {
        "id": cid,
        "body": body,
        "user": _user(login, kind),
        "html_url": f"https://github.com/{REPO}/pull/{PR}#issuecomment-{cid}",
    }


NOT_A_USER = Exchange(
    "GET", "/user", status=403, answer={"message": "Resource not accessible by integration"}
)
LIST = f"/repos/{REPO}/issues/{PR}/comments"
FIRST_PAGE = {"per_page": ["100"]}


def _body_is(expected: str) -> t.Callable[[t.Any], bool]:
    return lambda body: body == {"body": expected}


def _client(fake: FakeGitHub, waits: list[float] | None = None, **kw: t.Any) -> GitHubClient:
    record = waits if waits is not None else []
    return GitHubClient(fake.url, TOKEN, sleep=record.append, clock=lambda: 1_000_000.0, **kw)


# -- create, update, pagination, ownership -------------------------------------------


def test_creates_when_no_comment_exists() -> None:
    body = f"{MARKER}\nhello"
    script = [
        NOT_A_USER,
        Exchange("GET", LIST, FIRST_PAGE, answer=[_comment(1, "LGTM", "alice")]),
        Exchange(
            "POST",
            LIST,
            {},
            status=201,
            answer=_comment(99, body, ACTIONS_BOT, "Bot"),
            body=_body_is(body),
        ),
    ]
    with FakeGitHub(script) as fake:
        outcome = upsert_comment(_client(fake), REPO, PR, body, MARKER)
    fake.done()
    assert (outcome.action, outcome.comment_id) == ("created", 99)
    assert outcome.describe() == (
        f"created comment 99 on {REPO}#{PR}: https://github.com/{REPO}/pull/{PR}#issuecomment-99"
    )


def test_updates_own_comment_on_second_page_ignoring_a_human_quoting_the_marker() -> None:
    body = f"{MARKER}\nnew text"
    page2 = f"{{base}}{LIST}?per_page=100&page=2"
    script = [
        NOT_A_USER,
        Exchange(
            "GET",
            LIST,
            FIRST_PAGE,
            answer=[
                _comment(10, "first!", "alice"),
                _comment(11, f"> {MARKER}\n> quoting the bot", "mallory"),
            ],
            headers={"Link": f'<{page2}>; rel="next", <{page2}>; rel="last"'},
        ),
        Exchange(
            "GET",
            LIST,
            {"per_page": ["100"], "page": ["2"]},
            answer=[
                _comment(12, "other bot", "renovate[bot]", "Bot"),
                _comment(13, f"{MARKER}\nold text", ACTIONS_BOT, "Bot"),
                _comment(14, f"{MARKER}\nduplicate", ACTIONS_BOT, "Bot"),
            ],
            headers={"Link": f'<{{base}}{LIST}?per_page=100&page=1>; rel="prev"'},
        ),
        Exchange(
            "PATCH",
            f"/repos/{REPO}/issues/comments/13",
            {},
            answer=_comment(13, body, ACTIONS_BOT, "Bot"),
            body=_body_is(body),
        ),
    ]
    with FakeGitHub(script) as fake:
        outcome = upsert_comment(_client(fake), REPO, PR, body, MARKER)
    fake.done()
    assert (outcome.action, outcome.comment_id) == ("updated", 13)


def test_a_human_quoting_the_marker_gets_a_new_comment_not_an_edit() -> None:
    body = f"{MARKER}\nreport"
    script = [
        NOT_A_USER,
        Exchange("GET", LIST, FIRST_PAGE, answer=[_comment(5, f"see {MARKER}", "mallory")]),
        Exchange("POST", LIST, status=201, answer=_comment(6, body, ACTIONS_BOT, "Bot")),
    ]
    with FakeGitHub(script) as fake:
        outcome = upsert_comment(_client(fake), REPO, PR, body, MARKER)
    fake.done()
    assert outcome.action == "created"
    assert not any(s.method == "PATCH" for s in fake.seen)


def test_user_token_matches_its_own_login() -> None:
    # A personal token: GET /user answers; a github-actions[bot] comment is not ours.
    body = f"{MARKER}\nreport"
    script = [
        Exchange("GET", "/user", answer=_user("ci-robot")),
        Exchange(
            "GET",
            LIST,
            FIRST_PAGE,
            answer=[
                _comment(20, f"{MARKER}\nby actions", ACTIONS_BOT, "Bot"),
                _comment(21, f"{MARKER}\nby ci-robot", "ci-robot"),
            ],
        ),
        Exchange(
            "PATCH", f"/repos/{REPO}/issues/comments/21", answer=_comment(21, body, "ci-robot")
        ),
    ]
    with FakeGitHub(script) as fake:
        outcome = upsert_comment(_client(fake), REPO, PR, body, MARKER)
    fake.done()
    assert outcome.comment_id == 21


def test_other_marker_is_another_comment() -> None:
    other = marker_comment("db2")
    comments = [Comment(1, f"{MARKER}\nx", ACTIONS_BOT, "Bot", "")]
    assert find_own_comment(comments, other, None) is None
    assert find_own_comment(comments, MARKER, None) == comments[0]
    # Same login but a human account pretending to be the bot: type must be Bot.
    fake_bot = [Comment(2, MARKER, ACTIONS_BOT, "User", "")]
    assert find_own_comment(fake_bot, MARKER, None) is None


def test_dry_run_only_reads() -> None:
    script = [
        NOT_A_USER,
        Exchange("GET", LIST, FIRST_PAGE, answer=[_comment(3, MARKER, ACTIONS_BOT, "Bot")]),
    ]
    with FakeGitHub(script) as fake:
        outcome = upsert_comment(_client(fake), REPO, PR, "x", MARKER, dry_run=True)
    fake.done()
    assert outcome.action == "would update" and outcome.comment_id == 3
    assert {s.method for s in fake.seen} == {"GET"}


# -- errors ------------------------------------------------------------------------------


def _fails(script: list[Exchange], **kw: t.Any) -> tuple[GitHubError, FakeGitHub, list[float]]:
    waits: list[float] = []
    with FakeGitHub(script) as fake, pytest.raises(GitHubError) as info:
        upsert_comment(_client(fake, waits, **kw), REPO, PR, f"{MARKER}\nx", MARKER)
    assert fake.problems == []
    message = str(info.value)
    assert TOKEN not in message and "\n" not in message
    return info.value, fake, waits


def test_401_names_the_token_variable() -> None:
    err, _, _ = _fails(
        [Exchange("GET", "/user", status=401, answer={"message": "Bad credentials"})]
    )
    assert err.status == 401
    assert str(err) == (
        "GET /user: GitHub rejected the token in $GITHUB_TOKEN (401 Bad credentials): "
        "it is missing, expired or revoked"
    )


def test_403_explains_the_permission() -> None:
    script = [
        NOT_A_USER,
        Exchange("GET", LIST, FIRST_PAGE, answer=[]),
        Exchange(
            "POST", LIST, status=403, answer={"message": "Resource not accessible by integration"}
        ),
    ]
    err, _, waits = _fails(script)
    assert err.status == 403 and waits == []
    assert "pull-requests: write" in str(err)
    assert str(err).startswith(
        f"POST {LIST}: forbidden (403 Resource not accessible by integration)"
    )


def test_404() -> None:
    script = [
        NOT_A_USER,
        Exchange("GET", LIST, FIRST_PAGE, status=404, answer={"message": "Not Found"}),
    ]
    err, _, _ = _fails(script)
    assert err.status == 404
    assert "not found (404): check the repository and pull request number" in str(err)


def test_422_shows_the_validation_errors() -> None:
    script = [
        NOT_A_USER,
        Exchange("GET", LIST, FIRST_PAGE, answer=[_comment(8, MARKER, ACTIONS_BOT, "Bot")]),
        Exchange(
            "PATCH",
            "/repos/octo/db/issues/comments/8",
            status=422,
            answer={
                "message": "Validation Failed",
                "errors": [
                    {
                        "resource": "IssueComment",
                        "code": "custom",
                        "field": "body",
                        "message": "body is too long (maximum is 65536 characters)",
                    }
                ],
            },
        ),
    ]
    err, _, _ = _fails(script)
    assert str(err) == (
        "PATCH /repos/octo/db/issues/comments/8: GitHub rejected the request "
        "(422 Validation Failed: body is too long (maximum is 65536 characters))"
    )


def test_error_message_never_echoes_the_token() -> None:
    script = [Exchange("GET", "/user", status=500, answer={"message": f"oops {TOKEN}\nline2"})]
    err, _, _ = _fails(script)
    assert "***" in str(err)


# -- rate limits -----------------------------------------------------------------------


def test_retry_after_is_honoured() -> None:
    limited = {"message": "You have exceeded a secondary rate limit."}
    body = f"{MARKER}\nx"
    script = [
        Exchange("GET", "/user", status=429, answer=limited, headers={"Retry-After": "7"}),
        NOT_A_USER,
        Exchange("GET", LIST, FIRST_PAGE, answer=[]),
        Exchange("POST", LIST, status=403, answer=limited, headers={"Retry-After": "3"}),
        Exchange("POST", LIST, status=201, answer=_comment(1, body, ACTIONS_BOT, "Bot")),
    ]
    waits: list[float] = []
    with FakeGitHub(script) as fake:
        outcome = upsert_comment(_client(fake, waits), REPO, PR, body, MARKER)
    fake.done()
    assert outcome.action == "created"
    assert waits == [7.0, 3.0]


def test_primary_limit_waits_until_reset() -> None:
    headers = {"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(1_000_000 + 30)}
    script = [
        Exchange(
            "GET",
            "/user",
            status=403,
            answer={"message": "API rate limit exceeded"},
            headers=headers,
        ),
        Exchange("GET", "/user", answer=_user("me")),
        Exchange("GET", LIST, FIRST_PAGE, answer=[]),
        Exchange("POST", LIST, status=201, answer=_comment(1, "x", "me")),
    ]
    waits: list[float] = []
    with FakeGitHub(script) as fake:
        upsert_comment(_client(fake, waits), REPO, PR, "x", MARKER)
    fake.done()
    assert waits == [31.0]


def test_secondary_limit_without_headers_waits_a_minute() -> None:
    limited = {"message": "You have exceeded a secondary rate limit"}
    script = [
        Exchange("GET", "/user", status=403, answer=limited),
        Exchange("GET", "/user", status=401, answer={"message": "Bad credentials"}),
    ]
    _, _, waits = _fails(script)
    assert waits == [60.0]


def test_retries_are_bounded() -> None:
    limited = Exchange(
        "GET", "/user", status=429, answer={"message": "slow down"}, headers={"Retry-After": "1"}
    )
    err, fake, waits = _fails([limited] * 3, max_retries=2)
    assert waits == [1.0, 1.0]
    assert len(fake.seen) == 3
    assert str(err) == "GET /user: still 429 slow down after 2 retries (rate limited)"


def test_reset_too_far_away_fails_without_waiting() -> None:
    headers = {"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(1_000_000 + 3600)}
    script = [
        Exchange(
            "GET",
            "/user",
            status=403,
            answer={"message": "API rate limit exceeded"},
            headers=headers,
        )
    ]
    err, _, waits = _fails(script)
    assert waits == []
    assert "resets in 3601 s, more than the 120 s ddlaudit waits" in str(err)


# -- the token stays on the API host ---------------------------------------------------


def test_pagination_link_to_another_host_is_not_followed() -> None:
    with FakeGitHub([]) as elsewhere:
        script = [
            NOT_A_USER,
            Exchange(
                "GET",
                LIST,
                FIRST_PAGE,
                answer=[],
                headers={"Link": f'<{elsewhere.url}{LIST}?page=2>; rel="next"'},
            ),
        ]
        err, _, _ = _fails(script)
    assert "pagination link leaves" in str(err)
    assert elsewhere.seen == []


def test_redirect_to_another_host_is_not_followed() -> None:
    with FakeGitHub([]) as elsewhere:
        script = [
            Exchange("GET", "/user", status=302, headers={"Location": f"{elsewhere.url}/user"})
        ]
        err, _, _ = _fails(script)
    assert "redirected to" in str(err) and "not followed" in str(err)
    assert elsewhere.seen == []


def test_network_error_is_one_line() -> None:
    with FakeGitHub([]) as fake:
        url = fake.url
    # The server is closed now: nothing listens on that port.
    client = GitHubClient(url, TOKEN, sleep=lambda s: None)
    with pytest.raises(GitHubError) as info:
        client.login()
    assert str(info.value).startswith("GET /user: cannot reach http://127.0.0.1:")
    assert TOKEN not in str(info.value)


# -- the command -------------------------------------------------------------------------


def _env(fake: FakeGitHub, tmp_path: Path, event: t.Any = None) -> dict[str, str]:
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event if event is not None else {"pull_request": {"number": PR}}))
    return {
        "GITHUB_REPOSITORY": REPO,
        "GITHUB_EVENT_PATH": str(path),
        "GITHUB_API_URL": fake.url,
        "GITHUB_TOKEN": TOKEN,
    }


def _run(args: list[str], env: dict[str, str], stdin: str | None = None) -> t.Any:
    return CliRunner().invoke(main, ["comment", *args], env=env, input=stdin)


def test_cli_defaults_from_actions_environment(tmp_path: Path) -> None:
    body_file = tmp_path / "body.md"
    body_file.write_text("## report\n", encoding="utf-8")
    expected = f"{MARKER}\n## report\n"
    script = [
        NOT_A_USER,
        Exchange("GET", LIST, FIRST_PAGE, answer=[]),
        Exchange(
            "POST",
            LIST,
            status=201,
            answer=_comment(4, expected, ACTIONS_BOT, "Bot"),
            body=_body_is(expected),
        ),
    ]
    with FakeGitHub(script) as fake:
        result = _run(["--body", str(body_file)], _env(fake, tmp_path))
    fake.done()
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"created comment 4 on {REPO}#{PR}")


def test_cli_renders_from_diff_json_with_links_and_replaces_marker(tmp_path: Path) -> None:
    def check(body: t.Any) -> bool:
        text = body["body"]
        return (
            text.startswith("<!-- ddlaudit-diff: db1 -->\n")
            and text.count("<!-- ddlaudit-diff:") == 1
            and "(https://github.com/octo/db/blob/abc/schema/orders.sql#L7)" in text
        )

    script = [
        NOT_A_USER,
        Exchange("GET", LIST, FIRST_PAGE, answer=[]),
        Exchange("POST", LIST, status=201, answer=_comment(4, "x", ACTIONS_BOT, "Bot"), body=check),
    ]
    args = [
        "--diff-json",
        str(DATA / "markdown_basic.json"),
        "--link-base",
        "https://github.com/octo/db/blob/abc/",
        "--marker",
        "db1",
        "--repo",
        REPO,
        "--pr",
        str(PR),
    ]
    with FakeGitHub(script) as fake:
        env = _env(fake, tmp_path, event={})
        result = _run(args, env)
    fake.done()
    assert result.exit_code == 0, result.output


def test_cli_body_from_stdin_with_other_marker_replaced(tmp_path: Path) -> None:
    stdin = "<!-- ddlaudit-diff: ddlaudit -->\nbody\n"
    expected = "<!-- ddlaudit-diff: schema -->\nbody\n"
    script = [
        NOT_A_USER,
        Exchange("GET", LIST, FIRST_PAGE, answer=[]),
        Exchange(
            "POST",
            LIST,
            status=201,
            answer=_comment(4, "x", ACTIONS_BOT, "Bot"),
            body=_body_is(expected),
        ),
    ]
    with FakeGitHub(script) as fake:
        result = _run(["--body", "-", "--marker", "schema"], _env(fake, tmp_path), stdin=stdin)
    fake.done()
    assert result.exit_code == 0, result.output


def test_cli_dry_run(tmp_path: Path) -> None:
    script = [NOT_A_USER, Exchange("GET", LIST, FIRST_PAGE, answer=[])]
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    with FakeGitHub(script) as fake:
        result = _run(["--body", str(body), "--dry-run"], _env(fake, tmp_path))
    fake.done()
    assert result.exit_code == 0
    assert result.stdout == f"would create a comment on {REPO}#{PR} (35 characters)\n"


@pytest.mark.parametrize(
    ("status", "answer", "needle"),
    [
        (401, {"message": "Bad credentials"}, "rejected the token in $GITHUB_TOKEN"),
        (403, {"message": "Resource not accessible by integration"}, "pull-requests: write"),
        (404, {"message": "Not Found"}, "not found (404)"),
    ],
)
def test_cli_api_errors_exit_3(tmp_path: Path, status: int, answer: t.Any, needle: str) -> None:
    script = [
        Exchange("GET", "/user", answer=_user("me")),
        Exchange("GET", LIST, FIRST_PAGE, status=status, answer=answer),
    ]
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    with FakeGitHub(script) as fake:
        result = _run(["--body", str(body)], _env(fake, tmp_path))
    fake.done()
    assert result.exit_code == 3
    assert needle in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output and TOKEN not in result.output


def test_cli_network_error_exit_3(tmp_path: Path) -> None:
    with FakeGitHub([]) as fake:
        env = _env(fake, tmp_path)
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    result = _run(["--body", str(body)], env)
    assert result.exit_code == 3
    assert "cannot reach" in result.stderr and "Traceback" not in result.output


def test_cli_missing_token_exit_3(tmp_path: Path) -> None:
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    with FakeGitHub([]) as fake:
        env = _env(fake, tmp_path)
        env["MY_TOKEN"] = ""
        result = _run(["--body", str(body), "--token-env", "MY_TOKEN"], env)
    fake.done()
    assert result.exit_code == 3
    assert "no token in $MY_TOKEN" in result.stderr
    assert fake.seen == []


@pytest.mark.parametrize(
    ("args", "event", "needle"),
    [
        (["--repo", "not a repo"], None, "expected OWNER/NAME"),
        (["--repo", "../../x"], None, "expected OWNER/NAME"),
        ([], {"push": {}}, "no pull request: pass --pr N"),
        (["--marker", "a-->b"], None, "marker"),
        (["--api-url", "file:///etc"], None, "expected http(s)"),
    ],
)
def test_cli_usage_errors_exit_2(
    tmp_path: Path, args: list[str], event: t.Any, needle: str
) -> None:
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    with FakeGitHub([]) as fake:
        result = _run(["--body", str(body), *args], _env(fake, tmp_path, event))
    fake.done()
    assert result.exit_code == 2, result.output
    assert needle in result.stderr
    assert fake.seen == []


def test_cli_body_and_json_problems(tmp_path: Path) -> None:
    with FakeGitHub([]) as fake:
        env = _env(fake, tmp_path)
        bad = tmp_path / "bad.json"
        bad.write_text('{"summary": ', encoding="utf-8")
        long_body = tmp_path / "long.md"
        long_body.write_text("x" * 70_000, encoding="utf-8")
        cases = [
            ([], "exactly one of --body FILE and --diff-json FILE"),
            (["--body", str(tmp_path / "missing.md")], "missing.md"),
            (["--diff-json", str(bad)], "bad.json:1:13: not JSON"),
            (["--body", str(long_body)], "GitHub accepts at most 65,536"),
            (["--body", str(long_body), "--link-base", "https://x/"], "--link-base works with"),
        ]
        for args, needle in cases:
            result = _run(args, env)
            assert result.exit_code == 2, (args, result.output)
            assert needle in result.stderr, (args, result.stderr)
    fake.done()
    assert fake.seen == []


def test_server_errors_are_retried() -> None:
    body = f"{MARKER}\nx"
    script = [
        Exchange("GET", "/user", status=502, answer={"message": "Server Error"}),
        NOT_A_USER,
        Exchange("GET", LIST, FIRST_PAGE, answer=[]),
        Exchange("POST", LIST, status=201, answer=_comment(2, body, ACTIONS_BOT, "Bot")),
    ]
    waits: list[float] = []
    with FakeGitHub(script) as fake:
        outcome = upsert_comment(_client(fake, waits), REPO, PR, body, MARKER)
    fake.done()
    assert outcome.action == "created" and waits == [2.0]


@pytest.mark.parametrize("token", ["ghs_abc\nInjected: yes", "ghs_abc def", "ghs_é"])
def test_malformed_token_is_refused_before_any_request(token: str) -> None:
    with FakeGitHub([]) as fake:
        client = GitHubClient(fake.url, token, sleep=lambda s: None)
        with pytest.raises(GitHubError) as info:
            client.login()
    fake.done()
    assert fake.seen == []
    assert token not in str(info.value) and "abc" not in str(info.value)


def test_cli_strips_a_trailing_newline_from_the_token(tmp_path: Path) -> None:
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    script = [NOT_A_USER, Exchange("GET", LIST, FIRST_PAGE, answer=[])]
    with FakeGitHub(script) as fake:
        env = _env(fake, tmp_path)
        env["GITHUB_TOKEN"] = TOKEN + "\n"
        result = _run(["--body", str(body), "--dry-run"], env)
    fake.done()  # the header check saw exactly "Bearer TOKEN"
    assert result.exit_code == 0, result.output
