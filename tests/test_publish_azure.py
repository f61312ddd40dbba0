"""The Azure DevOps pull-request thread poster (analyzer/publish/azure.py, ``ddlaudit comment``).

Every test talks to the scripted HTTP server of tests/test_publish_github.py on
127.0.0.1 (each expected method, path, query and JSON body, and the answer), with
Azure DevOps' headers checked: ``Authorization: Bearer TOKEN``.  Paths are compared
as sent (the project name's space arrives as ``%20``) and every query must carry
``api-version=7.1`` (``7.1-preview.1`` for connectionData).  The socket guard of that
module fails any connection to another host.
"""

from __future__ import annotations

import typing as t
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.publish.azure import AzureClient, AzureError, upsert_thread, wanted_status
from analyzer.reporters.diff_markdown import marker_comment
from tests.test_publish_github import Exchange, FakeGitHub, Seen, only_localhost

TOKEN = "eyJ0eXAiOiJKV1Qi.SECRET.token0123456789"
PROJECT = "Data Platform"
REPO = "3411ebc1-d5aa-464f-9615-0b527bc66719"
PR = 7
BOT = "8C8C7D32-6B1B-47F4-B2E9-30B477B5AB3D"  # the build service, as connectionData spells it
HUMAN = "2e1d1c1a-0000-4000-8000-00000000abcd"
MARKER = marker_comment("ddlaudit")
DATA = Path(__file__).parent / "data" / "diff"
THREADS = f"/org/Data%20Platform/_apis/git/repositories/{REPO}/pullRequests/{PR}/threads"
V = {"api-version": ["7.1"]}
CI_VARIABLES = (
    "GITHUB_ACTIONS",
    "GITLAB_CI",
    "TF_BUILD",
    "SYSTEM_COLLECTIONURI",
    "SYSTEM_TEAMPROJECT",
    "BUILD_REPOSITORY_ID",
    "SYSTEM_PULLREQUEST_PULLREQUESTID",
    "SYSTEM_ACCESSTOKEN",
)

assert only_localhost  # the module's autouse socket guard, imported to apply here


class FakeAzure(FakeGitHub):
    """The scripted server, checking Azure DevOps' authentication and api-version."""

    def _check_headers(self, seen: Seen) -> None:
        if seen.headers.get("authorization") != f"Bearer {TOKEN}":
            self.problems.append(
                f"{seen.path}: authorization {seen.headers.get('authorization')!r}"
            )
        if "private-token" in seen.headers or "x-github-api-version" in seen.headers:
            self.problems.append(f"{seen.path}: another platform's header was sent")
        if not seen.headers.get("user-agent", "").startswith("ddlaudit/"):
            self.problems.append(f"{seen.path}: user-agent {seen.headers.get('user-agent')!r}")
        if seen.body is not None and seen.headers.get("content-type") != "application/json":
            self.problems.append(f"{seen.path}: content-type {seen.headers.get('content-type')}")
        if not seen.query.get("api-version"):
            self.problems.append(f"{seen.path}: no api-version")

    @property
    def collection(self) -> str:
        return f"{self.url}/org/"


@pytest.fixture(autouse=True)
def no_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    """The suite may itself run in a CI: its variables must not choose for the tests."""
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)


ME = Exchange(
    "GET",
    "/org/_apis/connectionData",
    {"api-version": ["7.1-preview.1"]},
    answer={
        "authenticatedUser": {
            "id": BOT,
            "providerDisplayName": "Data Platform Build Service (org)",
        },
        "authorizedUser": {"id": BOT},
        "instanceId": "b1c2",
    },
)


def _comment(cid: int, content: str, author: str, kind: str = "text") -> dict[str, t.Any]:
    return {
        "id": cid,
        "parentCommentId": 0,
        "author": {"id": author, "displayName": "someone"},
        "content": content,
        "commentType": kind,
    }


def _thread(tid: int, status: str, *comments: dict[str, t.Any], **extra: t.Any) -> dict[str, t.Any]:
    return {"id": tid, "status": status, "comments": list(comments), "isDeleted": False, **extra}


def _listing(*threads: dict[str, t.Any]) -> dict[str, t.Any]:
    return {"count": len(threads), "value": list(threads)}


def _client(fake: FakeAzure, waits: list[float] | None = None, **kw: t.Any) -> AzureClient:
    record = waits if waits is not None else []
    return AzureClient(fake.collection, TOKEN, sleep=record.append, clock=lambda: 1_000_000.0, **kw)


def _upsert(fake: FakeAzure, body: str, resolved: bool, **kw: t.Any) -> t.Any:
    return upsert_thread(_client(fake), PROJECT, REPO, PR, body, MARKER, resolved=resolved, **kw)


def _new_thread_is(body: str, status: str) -> t.Callable[[t.Any], bool]:
    return lambda sent: (
        sent
        == {
            "comments": [{"parentCommentId": 0, "content": body, "commentType": "text"}],
            "status": status,
        }
    )


# -- create, update, close and reopen ------------------------------------------------------


def test_creates_an_active_thread_when_the_diff_has_findings() -> None:
    body = f"{MARKER}\nreport"
    script = [
        ME,
        Exchange(
            "GET",
            THREADS,
            V,
            answer=_listing(
                _thread(1, "active", _comment(1, f"> {MARKER}\n> quoted", HUMAN)),
                # A system thread ("pushed a commit") written by the build service itself.
                _thread(2, "unknown", _comment(1, f"{MARKER} pushed", BOT, "system")),
                _thread(3, "closed", _comment(1, f"{MARKER}\nold", BOT), isDeleted=True),
            ),
        ),
        Exchange(
            "POST",
            THREADS,
            V,
            answer=_thread(50, "active", _comment(1, body, BOT)),
            body=_new_thread_is(body, "active"),
        ),
    ]
    with FakeAzure(script) as fake:
        outcome = _upsert(fake, body, resolved=False)
    fake.done()
    assert outcome.describe() == f"created thread 50 on pull request {PR} (active)"


def test_a_clean_diff_creates_the_thread_closed() -> None:
    body = f"{MARKER}\nall good"
    script = [
        ME,
        Exchange("GET", THREADS, V, answer=_listing()),
        Exchange(
            "POST",
            THREADS,
            V,
            answer=_thread(51, "closed", _comment(1, body, BOT)),
            body=_new_thread_is(body, "closed"),
        ),
    ]
    with FakeAzure(script) as fake:
        outcome = _upsert(fake, body, resolved=True)
    fake.done()
    assert outcome.describe() == f"created thread 51 on pull request {PR} (closed)"


def test_updates_the_bots_comment_and_closes_its_thread_when_clean() -> None:
    body = f"{MARKER}\nnow clean"
    script = [
        ME,
        Exchange(
            "GET",
            THREADS,
            V,
            answer=_listing(
                _thread(
                    40,
                    "active",
                    _comment(1, "question", HUMAN),
                    _comment(2, f"{MARKER}\nold", BOT.lower()),
                ),
                _thread(41, "active", _comment(1, f"{MARKER}\nnewer duplicate", BOT)),
            ),
        ),
        Exchange(
            "PATCH",
            f"{THREADS}/40/comments/2",
            V,
            answer=_comment(2, body, BOT),
            body=lambda sent: sent == {"content": body},
        ),
        Exchange(
            "PATCH",
            f"{THREADS}/40",
            V,
            answer=_thread(40, "closed"),
            body=lambda sent: sent == {"status": "closed"},
        ),
    ]
    with FakeAzure(script) as fake:
        outcome = _upsert(fake, body, resolved=True)
    fake.done()
    assert outcome.describe() == f"updated thread 40 on pull request {PR}; closed it"


@pytest.mark.parametrize("status", ["closed", "fixed", "pending"])
def test_a_new_finding_reopens_the_thread(status: str) -> None:
    body = f"{MARKER}\n1 new finding"
    script = [
        ME,
        Exchange("GET", THREADS, V, answer=_listing(_thread(40, status, _comment(1, MARKER, BOT)))),
        Exchange("PATCH", f"{THREADS}/40/comments/1", V, answer=_comment(1, body, BOT)),
        Exchange(
            "PATCH",
            f"{THREADS}/40",
            V,
            answer=_thread(40, "active"),
            body=lambda sent: sent == {"status": "active"},
        ),
    ]
    with FakeAzure(script) as fake:
        outcome = _upsert(fake, body, resolved=False)
    fake.done()
    assert outcome.describe() == f"updated thread 40 on pull request {PR}; reopened it"


@pytest.mark.parametrize(
    ("status", "resolved"),
    [("active", False), ("wontFix", False), ("byDesign", False), ("closed", True), ("fixed", True)],
)
def test_a_status_that_already_fits_is_left_alone(status: str, resolved: bool) -> None:
    body = f"{MARKER}\nx"
    script = [
        ME,
        Exchange("GET", THREADS, V, answer=_listing(_thread(40, status, _comment(1, MARKER, BOT)))),
        Exchange("PATCH", f"{THREADS}/40/comments/1", V, answer=_comment(1, body, BOT)),
    ]
    with FakeAzure(script) as fake:
        outcome = _upsert(fake, body, resolved=resolved)
    fake.done()
    assert outcome.describe() == f"updated thread 40 on pull request {PR}"


def test_wanted_status_table() -> None:
    assert [
        wanted_status(s, resolved=True) for s in ("active", "pending", "closed", "wontFix")
    ] == [
        "closed",
        "closed",
        None,
        None,
    ]
    assert [
        wanted_status(s, resolved=False) for s in ("active", "closed", "fixed", "byDesign")
    ] == [
        None,
        "active",
        "active",
        None,
    ]


def test_dry_run_only_reads_and_says_what_it_would_do() -> None:
    script = [
        ME,
        Exchange(
            "GET", THREADS, V, answer=_listing(_thread(40, "active", _comment(1, MARKER, BOT)))
        ),
    ]
    with FakeAzure(script) as fake:
        outcome = _upsert(fake, "x", resolved=True, dry_run=True)
    fake.done()
    assert outcome.describe() == f"would update thread 40 on pull request {PR}; would close it"
    assert {s.method for s in fake.seen} == {"GET"}


def test_a_continuation_token_fetches_the_next_page() -> None:
    body = f"{MARKER}\nx"
    script = [
        ME,
        Exchange(
            "GET",
            THREADS,
            V,
            answer=_listing(_thread(1, "active", _comment(1, "hi", HUMAN))),
            headers={"x-ms-continuationtoken": "tok+2"},
        ),
        Exchange(
            "GET",
            THREADS,
            {**V, "continuationToken": ["tok+2"]},
            answer=_listing(_thread(9, "active", _comment(3, MARKER, BOT))),
        ),
        Exchange("PATCH", f"{THREADS}/9/comments/3", V, answer=_comment(3, body, BOT)),
    ]
    with FakeAzure(script) as fake:
        outcome = _upsert(fake, body, resolved=False)
    fake.done()
    assert outcome.comment_id == 9


# -- errors ------------------------------------------------------------------------------


def _fails(script: list[Exchange], **kw: t.Any) -> tuple[AzureError, FakeAzure, list[float]]:
    waits: list[float] = []
    with FakeAzure(script) as fake, pytest.raises(AzureError) as info:
        client = _client(fake, waits, **kw)
        upsert_thread(client, PROJECT, REPO, PR, f"{MARKER}\nx", MARKER, resolved=False)
    assert fake.problems == []
    message = str(info.value)
    assert TOKEN not in message and "\n" not in message
    return info.value, fake, waits


def test_401_says_how_to_map_the_token() -> None:
    err, _, _ = _fails([Exchange("GET", "/org/_apis/connectionData", status=401, answer=None)])
    assert err.status == 401
    assert str(err) == (
        "GET /org/_apis/connectionData: Azure DevOps rejected the token in "
        "$SYSTEM_ACCESSTOKEN (401): it is missing, expired or revoked (in a pipeline map "
        "it: 'env: SYSTEM_ACCESSTOKEN: $(System.AccessToken)')"
    )


def test_203_sign_in_page_is_a_rejected_token() -> None:
    err, _, _ = _fails([Exchange("GET", "/org/_apis/connectionData", status=203, answer=None)])
    assert str(err) == (
        "GET /org/_apis/connectionData: Azure DevOps answered with a sign-in page (203): "
        "it did not accept the token in $SYSTEM_ACCESSTOKEN"
    )


def test_403_names_the_permission() -> None:
    answer = {
        "message": "TF401027: You need the Git 'PullRequestContribute' permission to perform "
        "this action.",
        "typeKey": "GitNeedsPermissionException",
    }
    script = [
        ME,
        Exchange("GET", THREADS, V, answer=_listing()),
        Exchange("POST", THREADS, V, status=403, answer=answer),
    ]
    err, _, waits = _fails(script)
    assert err.status == 403 and waits == []
    assert str(err).startswith(f"POST {THREADS}: forbidden (403 TF401027: You need the Git ")
    assert "'Contribute to pull requests' on the repository" in str(err)


def test_404_says_what_to_check() -> None:
    answer = {"message": "TF401180: The requested pull request was not found."}
    err, _, _ = _fails([ME, Exchange("GET", THREADS, V, status=404, answer=answer)])
    assert str(err) == (
        f"GET {THREADS}: not found (404): check the collection URL, project, repository id "
        "and pull request id, and that the token in $SYSTEM_ACCESSTOKEN can read the repository"
    )


def test_429_retry_after_then_reset_then_bounded() -> None:
    body = f"{MARKER}\nx"
    limited = {"message": "Request was blocked due to exceeding usage of resource."}
    reset = {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": str(1_000_000 + 10)}
    script = [
        Exchange(
            "GET",
            "/org/_apis/connectionData",
            status=429,
            answer=limited,
            headers={"Retry-After": "6"},
        ),
        ME,
        Exchange("GET", THREADS, V, status=429, answer=limited, headers=reset),
        Exchange("GET", THREADS, V, answer=_listing()),
        Exchange("POST", THREADS, V, answer=_thread(5, "active", _comment(1, body, BOT))),
    ]
    waits: list[float] = []
    with FakeAzure(script) as fake:
        upsert_thread(_client(fake, waits), PROJECT, REPO, PR, body, MARKER, resolved=False)
    fake.done()
    assert waits == [6.0, 11.0]
    err, fake, waits = _fails(
        [
            Exchange(
                "GET",
                "/org/_apis/connectionData",
                status=429,
                answer=limited,
                headers={"Retry-After": "2"},
            )
        ]
        * 2,
        max_retries=1,
    )
    assert waits == [2.0]
    assert str(err) == (
        "GET /org/_apis/connectionData: still 429 Request was blocked due to exceeding usage "
        "of resource. after 1 retries (rate limited)"
    )


def test_the_token_never_appears_in_an_error() -> None:
    script = [
        Exchange("GET", "/org/_apis/connectionData", status=500, answer={"message": f"x {TOKEN} y"})
    ]
    err, _, _ = _fails(script)
    assert str(err) == "GET /org/_apis/connectionData: Azure DevOps answered 500 x *** y"


def test_redirect_to_the_sign_in_host_is_not_followed() -> None:
    with FakeAzure([]) as elsewhere:
        script = [
            Exchange(
                "GET",
                "/org/_apis/connectionData",
                status=302,
                headers={"Location": f"{elsewhere.url}/_signin"},
            )
        ]
        err, _, _ = _fails(script)
    assert "redirected to" in str(err) and elsewhere.seen == []


# -- the command -------------------------------------------------------------------------


def _env(fake: FakeAzure, **extra: str) -> dict[str, str]:
    return {
        "TF_BUILD": "True",
        "SYSTEM_COLLECTIONURI": fake.collection,
        "SYSTEM_TEAMPROJECT": PROJECT,
        "BUILD_REPOSITORY_ID": REPO,
        "SYSTEM_PULLREQUEST_PULLREQUESTID": str(PR),
        "SYSTEM_ACCESSTOKEN": TOKEN,
        **extra,
    }


def _run(args: list[str], env: dict[str, str], stdin: str | None = None) -> t.Any:
    return CliRunner().invoke(main, ["comment", *args], env=env, input=stdin)


@pytest.mark.parametrize(
    ("document", "status"), [("markdown_basic.json", "active"), ("markdown_empty.json", "closed")]
)
def test_cli_in_azure_pipelines_status_follows_the_diff_json(document: str, status: str) -> None:
    def check(sent: t.Any) -> bool:
        return (
            sent["status"] == status
            and sent["comments"][0]["content"].startswith(f"{MARKER}\n")
            and sent["comments"][0]["commentType"] == "text"
        )

    script = [
        ME,
        Exchange("GET", THREADS, V, answer=_listing()),
        Exchange("POST", THREADS, V, answer=_thread(60, status), body=check),
    ]
    with FakeAzure(script) as fake:
        result = _run(["--diff-json", str(DATA / document)], _env(fake))
    fake.done()
    assert result.exit_code == 0, result.output
    assert result.stdout == f"created thread 60 on pull request {PR} ({status})\n"


@pytest.mark.parametrize(
    ("body", "args", "status"),
    [
        # The summary line 'ddlaudit diff --format markdown' writes for a clean diff.
        (":white_check_mark: **ddlaudit**: 2 tables changed; no new finding\n", [], "closed"),
        (
            ":white_check_mark: **ddlaudit**: no table changed; no new finding, 2 fixed\n",
            [],
            "closed",
        ),
        (":warning: **ddlaudit**: 1 table changed; 1 new finding (1 info)\n", [], "active"),
        ("a body of someone else's making\n", [], "active"),
        ("a body of someone else's making\n", ["--thread-status", "closed"], "closed"),
        (
            ":white_check_mark: **ddlaudit**: no table changed; no new finding\n",
            ["--thread-status", "active"],
            "active",
        ),
    ],
)
def test_cli_body_status_from_the_summary_line(body: str, args: list[str], status: str) -> None:
    stdin = f"{MARKER}\n{body}"
    script = [
        ME,
        Exchange("GET", THREADS, V, answer=_listing()),
        Exchange(
            "POST", THREADS, V, answer=_thread(61, status), body=_new_thread_is(stdin, status)
        ),
    ]
    with FakeAzure(script) as fake:
        result = _run(["--body", "-", *args], _env(fake), stdin=stdin)
    fake.done()
    assert result.exit_code == 0, result.output


def test_cli_options_override_the_pipeline_variables(tmp_path: Path) -> None:
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    other = "/org/Other/_apis/git/repositories/my-repo/pullRequests/9/threads"
    script = [ME, Exchange("GET", other, V, answer=_listing())]
    with FakeAzure(script) as fake:
        env = _env(fake, TF_BUILD="", SYSTEM_COLLECTIONURI="https://dev.azure.com/nobody/")
        args = [
            "--body",
            str(body),
            "--platform",
            "azure",
            "--api-url",
            fake.collection,
            "--project",
            "Other",
            "--repo",
            "my-repo",
            "--pr",
            "9",
            "--dry-run",
        ]
        result = _run(args, env)
    fake.done()
    assert result.exit_code == 0, result.output
    assert result.stdout == "would create a thread on pull request 9 (active) (35 characters)\n"


@pytest.mark.parametrize(
    ("status", "answer", "needle"),
    [
        (401, None, "rejected the token in $SYSTEM_ACCESSTOKEN"),
        (403, {"message": "TF401027: no"}, "Contribute to pull requests"),
        (404, {"message": "TF401180: not found"}, "not found (404)"),
        (429, {"message": "blocked"}, "resets in 3600 s, more than the 120 s ddlaudit waits"),
    ],
)
def test_cli_api_errors_exit_3(tmp_path: Path, status: int, answer: t.Any, needle: str) -> None:
    # A limit beyond the command's longest wait fails at once (the command sleeps for real).
    headers = {"Retry-After": "3600"} if status == 429 else {}
    script = [ME, Exchange("GET", THREADS, V, status=status, answer=answer, headers=headers)]
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    with FakeAzure(script) as fake:
        result = _run(["--body", str(body)], _env(fake))
    fake.done()
    assert result.exit_code == 3, result.output
    assert needle in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output and TOKEN not in result.output


def test_cli_dry_run_without_a_token_asks_nothing(tmp_path: Path) -> None:
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    with FakeAzure([]) as fake:
        result = _run(["--body", str(body), "--dry-run"], _env(fake, SYSTEM_ACCESSTOKEN=""))
    fake.done()
    assert result.exit_code == 0
    assert result.stdout == (
        f"would create or update the comment on pull request {PR} (35 characters); "
        "$SYSTEM_ACCESSTOKEN is empty, so Azure DevOps was not asked which\n"
    )
    assert fake.seen == []


def test_cli_missing_token_exit_3(tmp_path: Path) -> None:
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    with FakeAzure([]) as fake:
        result = _run(["--body", str(body)], _env(fake, SYSTEM_ACCESSTOKEN=""))
    fake.done()
    assert result.exit_code == 3
    assert result.stderr == (
        "ddlaudit: no token in $SYSTEM_ACCESSTOKEN: map it in the step: "
        "'env: SYSTEM_ACCESSTOKEN: $(System.AccessToken)'\n"
    )
    assert fake.seen == []


@pytest.mark.parametrize(
    ("args", "env", "needle"),
    [
        ([], {"SYSTEM_PULLREQUEST_PULLREQUESTID": ""}, "no pull request: pass --pr ID"),
        ([], {"SYSTEM_TEAMPROJECT": ""}, "no project: pass --project NAME"),
        ([], {"BUILD_REPOSITORY_ID": ""}, "no repository: pass --repo ID"),
        ([], {"SYSTEM_COLLECTIONURI": ""}, "no collection URL"),
        (["--repo", ".."], {}, "repository '..': expected a name or id"),
        (["--author", "x"], {}, "--author is for --platform github only"),
    ],
)
def test_cli_usage_errors_exit_2(
    tmp_path: Path, args: list[str], env: dict[str, str], needle: str
) -> None:
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    with FakeAzure([]) as fake:
        result = _run(["--body", str(body), *args], {**_env(fake), **env})
    fake.done()
    assert result.exit_code == 2, result.output
    assert needle in result.stderr
    assert fake.seen == []


def test_cli_project_is_azure_only(tmp_path: Path) -> None:
    body = tmp_path / "b.md"
    body.write_text("hi", encoding="utf-8")
    result = _run(["--body", str(body), "--platform", "github", "--project", "x"], {})
    assert result.exit_code == 2
    assert "--project is for --platform azure only (this is github)" in result.stderr


@pytest.mark.parametrize(
    ("env", "platform"),
    [
        ({"TF_BUILD": "True"}, "azure"),
        ({"GITLAB_CI": "true"}, "gitlab"),
        ({"GITHUB_ACTIONS": "true", "TF_BUILD": "True"}, "github"),
        ({"TF_BUILD": "False"}, "github"),
        ({}, "github"),
    ],
)
def test_platform_detection(env: dict[str, str], platform: str) -> None:
    from analyzer.cli.comment import detect_platform

    assert detect_platform(env) == platform


def test_cli_body_over_the_renderers_cut_is_refused(tmp_path: Path) -> None:
    body = tmp_path / "long.md"
    body.write_text("x" * 70_000, encoding="utf-8")
    with FakeAzure([]) as fake:
        result = _run(["--body", str(body)], _env(fake))
    fake.done()
    assert result.exit_code == 2
    assert (
        "ddlaudit posts at most 65,536 on Azure DevOps, which documents no limit" in result.stderr
    )
    assert fake.seen == []


def test_docs_pipeline_parses_and_maps_the_token() -> None:
    # The pipeline printed in docs/ci/azure-devops.md: YAML, the token mapped into the
    # comment step (a script sees System.AccessToken only through env:), a PR-only step.
    import re

    import yaml

    text = (Path(__file__).parents[1] / "docs" / "ci" / "azure-devops.md").read_text("utf-8")
    pipeline = yaml.safe_load(re.findall(r"```yaml\n(.*?)```", text, re.S)[0])
    step = next(s for s in pipeline["steps"] if "ddlaudit comment" in s.get("bash", ""))
    assert step["env"] == {"SYSTEM_ACCESSTOKEN": "$(System.AccessToken)"}
    assert "PullRequest" in step["condition"]
    assert "-- HEAD^1 HEAD" in step["bash"]
    assert pipeline["steps"][0]["fetchDepth"] >= 2
