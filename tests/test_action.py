"""action.yml, the composite GitHub Action (docs/ci/github-action.md).

Checked against the action metadata rules ("Metadata syntax for GitHub Actions"),
then for script injection (no ``${{ }}`` inside a ``run:`` script: values come through
``env:``), for references (inputs, step outputs, environment variables), with
``bash -n`` on every script, and by running the base-fetch script against a
throwaway git repository cloned shallow over ``file://`` (no network).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import typing as t
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
ACTION = ROOT / "action.yml"

#: Variables the runner sets for every step (GitHub docs, "Variables": default
#: environment variables) that the scripts may read without an env: entry.
RUNNER_VARIABLES = {"GITHUB_OUTPUT", "RUNNER_TEMP", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE"}
#: How the runner starts a ``shell: bash`` step (GitHub docs, "Workflow syntax": shell).
GITHUB_BASH = ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c"]
EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}", re.S)


@pytest.fixture(scope="module")
def action() -> dict[str, t.Any]:
    loaded: dict[str, t.Any] = yaml.safe_load(ACTION.read_text(encoding="utf-8"))
    return loaded


def _steps(action: dict[str, t.Any]) -> list[dict[str, t.Any]]:
    steps: list[dict[str, t.Any]] = action["runs"]["steps"]
    return steps


def _run_steps(action: dict[str, t.Any]) -> list[dict[str, t.Any]]:
    return [s for s in _steps(action) if "run" in s]


def _step(action: dict[str, t.Any], step_id: str) -> dict[str, t.Any]:
    return next(s for s in _steps(action) if s.get("id") == step_id)


def test_metadata_rules(action: dict[str, t.Any]) -> None:
    assert {"name", "description", "runs"} <= set(action)
    assert action["runs"]["using"] == "composite"
    ids = [s["id"] for s in _steps(action) if "id" in s]
    assert len(ids) == len(set(ids))
    for step in _steps(action):
        assert ("uses" in step) != ("run" in step), step.get("name")
        if "run" in step:
            assert step.get("shell") == "bash", step.get("name")
        else:
            # Third-party actions pinned to a major version at least.
            assert re.fullmatch(r"[\w.-]+/[\w./-]+@v\d+", step["uses"]), step["uses"]
    for name, spec in action["inputs"].items():
        assert re.fullmatch(r"[a-z][a-z0-9-]*", name)
        assert spec["description"] and spec["required"] is False and "default" in spec
    for spec in action["outputs"].values():
        assert spec["description"] and spec["value"]


def test_no_expression_inside_run_scripts(action: dict[str, t.Any]) -> None:
    for step in _run_steps(action):
        assert "${{" not in step["run"], f"{step['name']}: pass the value through env:"


def _expressions(node: t.Any) -> t.Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "if" and isinstance(value, str):
                yield value
            else:
                yield from _expressions(value)
    elif isinstance(node, list):
        for item in node:
            yield from _expressions(item)
    elif isinstance(node, str):
        yield from EXPRESSION.findall(node)


def test_every_input_reference_is_declared_and_every_input_used(action: dict[str, t.Any]) -> None:
    text = " ".join(_expressions({k: v for k, v in action.items() if k != "inputs"}))
    used = set(re.findall(r"\binputs\.([A-Za-z0-9_-]+)", text))
    declared = set(action["inputs"])
    assert used - declared == set(), "undeclared inputs"
    assert declared - used == set(), "inputs never used"


def test_step_output_references_exist(action: dict[str, t.Any]) -> None:
    steps = _steps(action)
    for index, step in enumerate(steps):
        text = " ".join(_expressions(step))
        for ref_id, output in re.findall(r"\bsteps\.([\w-]+)\.outputs\.([\w-]+)", text):
            earlier = [s for s in steps[:index] if s.get("id") == ref_id]
            assert earlier, f"{step.get('name')}: steps.{ref_id} is not an earlier step"
            assert f'"{output}=' in earlier[0]["run"], f"steps.{ref_id} never writes {output}"
    outputs = " ".join(_expressions(action["outputs"]))
    for ref_id, output in re.findall(r"\bsteps\.([\w-]+)\.outputs\.([\w-]+)", outputs):
        assert f'"{output}=' in _step(action, ref_id)["run"]


def test_scripts_read_only_their_env(action: dict[str, t.Any]) -> None:
    for step in _run_steps(action):
        names = set(re.findall(r"\$\{?([A-Z][A-Z0-9_]*)", step["run"]))
        allowed = set(step.get("env", {})) | RUNNER_VARIABLES
        assert names - allowed == set(), f"{step['name']}: not in env: {names - allowed}"


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash not installed")
def test_scripts_parse_in_bash(action: dict[str, t.Any]) -> None:
    for step in _run_steps(action):
        proc = subprocess.run(
            ["bash", "-n"], input=step["run"], capture_output=True, text=True, check=False
        )
        assert proc.returncode == 0, f"{step['name']}: {proc.stderr}"


def test_installs_from_the_action_checkout(action: dict[str, t.Any]) -> None:
    install = next(s for s in _run_steps(action) if "pip install" in s["run"])
    assert install["env"]["ACTION_PATH"] == "${{ github.action_path }}"
    assert '"$ACTION_PATH"' in install["run"]


def test_wiring(action: dict[str, t.Any]) -> None:
    steps = _steps(action)
    names = [s.get("uses", s.get("id", s["name"])) for s in steps]
    assert names[0].startswith("actions/setup-python@")
    diff = _step(action, "diff")
    assert "--format json" in diff["run"] and "--format sarif" in diff["run"]
    assert diff["env"]["BASE_REV"] == "${{ steps.base.outputs.rev }}"
    comment = next(s for s in steps if "ddlaudit comment" in s.get("run", ""))
    assert "pull_request" in comment["if"] and "inputs.comment == 'true'" in comment["if"]
    assert comment["env"]["GITHUB_TOKEN"] == "${{ inputs.token }}"
    upload = next(
        s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")
    )
    assert upload["with"]["sarif_file"] == "${{ steps.diff.outputs.sarif }}"
    # The job fails last, after the comment and the upload ran.
    assert steps[-1]["if"] == "steps.diff.outputs.exit-code == '1'"
    assert "exit 1" in steps[-1]["run"]
    assert action["inputs"]["base"]["default"] == ""
    assert _step(action, "base")["env"]["PR_BASE_SHA"] == (
        "${{ github.event.pull_request.base.sha }}"
    )


# -- the base-fetch script, run for real ----------------------------------------------


def _git(cwd: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    proc = subprocess.run(
        ["git", *args], cwd=cwd, capture_output=True, text=True, check=True, env=env
    )
    return proc.stdout.strip()


def _run_base_step(
    action: dict[str, t.Any], clone: Path, tmp: Path, base: str, pr_base: str = ""
) -> tuple[subprocess.CompletedProcess[str], str]:
    step = _step(action, "base")
    output = tmp / "github_output"
    output.write_text("")
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp),
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GITHUB_OUTPUT": str(output),
        "BASE_INPUT": base,
        "PR_BASE_SHA": pr_base,
        "FETCH_DEPTH": "1",
    }
    proc = subprocess.run(
        [*GITHUB_BASH, step["run"]],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    return proc, output.read_text()


@pytest.mark.skipif(shutil.which("git") is None, reason="git not installed")
def test_base_step_fetches_a_missing_base(action: dict[str, t.Any], tmp_path: Path) -> None:
    origin = tmp_path / "origin"
    origin.mkdir()
    _git(origin, "init", "-q", "-b", "main")
    (origin / "t.sql").write_text("create table t (a int)\n")
    _git(origin, "add", "t.sql")
    _git(origin, "commit", "-q", "-m", "base")
    base_sha = _git(origin, "rev-parse", "HEAD")
    (origin / "t.sql").write_text("create table t (a int, b int)\n")
    _git(origin, "commit", "-q", "-am", "head")
    _git(origin, "config", "uploadpack.allowReachableSHA1InWant", "true")
    clone = tmp_path / "clone"
    _git(tmp_path, "clone", "-q", "--depth", "1", f"file://{origin}", str(clone))
    # The shallow clone lacks the base commit, as actions/checkout's default does.
    with pytest.raises(subprocess.CalledProcessError):
        _git(clone, "cat-file", "-e", f"{base_sha}^{{commit}}")
    proc, output = _run_base_step(action, clone, tmp_path, "", pr_base=base_sha)
    assert proc.returncode == 0, proc.stderr
    assert output == f"rev={base_sha}\n"
    # Already present now: no second fetch needed, same answer.
    proc, output = _run_base_step(action, clone, tmp_path, base_sha)
    assert proc.returncode == 0 and output == f"rev={base_sha}\n"
    # A branch name works too (resolved through FETCH_HEAD).
    proc, output = _run_base_step(action, clone, tmp_path, "main")
    assert proc.returncode == 0, proc.stderr
    assert output == f"rev={_git(origin, 'rev-parse', 'main')}\n"


@pytest.mark.parametrize(
    ("base", "message"),
    [("", "no base revision"), ("--upload-pack=touch /tmp/pwned", "starts with '-'")],
)
def test_base_step_refuses(
    action: dict[str, t.Any], tmp_path: Path, base: str, message: str
) -> None:
    proc, output = _run_base_step(action, tmp_path, tmp_path, base)
    assert proc.returncode == 2
    assert message in proc.stdout
    assert output == ""


# -- the examples of docs/ci ------------------------------------------------------------

DOCS = ROOT / "docs" / "ci"


def _blocks(name: str, language: str) -> list[str]:
    text = (DOCS / name).read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", text, re.S)


@pytest.mark.parametrize("name", ["github-action.md", "gitlab.md"])
def test_docs_yaml_examples_parse(name: str) -> None:
    blocks = _blocks(name, "yaml")
    assert blocks
    for block in blocks:
        yaml.safe_load(block)


def test_docs_workflow_example_uses_only_declared_inputs(action: dict[str, t.Any]) -> None:
    workflow = yaml.safe_load(_blocks("github-action.md", "yaml")[0])
    assert workflow["permissions"] == {
        "contents": "read",
        "pull-requests": "write",
        "security-events": "write",
    }
    step = next(s for s in workflow["jobs"]["ddlaudit"]["steps"] if "with" in s)
    assert set(step["with"]) <= set(action["inputs"])


def test_gitlab_code_quality_script(tmp_path: Path) -> None:
    # The converter printed in docs/ci/gitlab.md, run on a diff document.
    script = tmp_path / "codequality.py"
    script.write_text(_blocks("gitlab.md", "python")[0], encoding="utf-8")
    document = Path(__file__).parent / "data" / "diff" / "markdown_basic.json"
    proc = subprocess.run(
        ["python3", str(script), str(document)], capture_output=True, text=True, check=True
    )
    issues = json.loads(proc.stdout)
    assert [i["severity"] for i in issues] == ["critical", "major", "major"]
    assert issues[0] == {
        "description": "M001 column amount of dbo.orders becomes NOT NULL without a default",
        "check_name": "M001 not-null-without-default",
        "fingerprint": "aaaa000000000001",
        "severity": "critical",
        "location": {"path": "schema/orders.sql", "lines": {"begin": 7}},
    }


# -- the diff and comment steps, run for real -------------------------------------------


def _step_env(tmp: Path, output: Path, extra: dict[str, str]) -> dict[str, str]:
    bin_dir = str(Path(sys.executable).parent)
    return {
        "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
        "HOME": str(tmp),
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
        "RUNNER_TEMP": str(tmp / "runner-temp"),
        "GITHUB_OUTPUT": str(output),
        **extra,
    }


def _outputs(path: Path) -> dict[str, str]:
    return dict(line.split("=", 1) for line in path.read_text().splitlines())


@pytest.mark.skipif(shutil.which("git") is None, reason="git not installed")
def test_diff_and_comment_steps_end_to_end(action: dict[str, t.Any], tmp_path: Path) -> None:
    from tests.test_publish_github import LIST, NOT_A_USER, REPO, TOKEN, Exchange, FakeGitHub

    repo = tmp_path / "repo"
    (repo / "schema").mkdir(parents=True)
    _git(repo, "init", "-q", "-b", "main")
    orders = repo / "schema" / "orders.sql"
    orders.write_text("CREATE TABLE dbo.orders (\n  id int NOT NULL,\n  amount money NULL\n)\nGO\n")
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", "base")
    base_sha = _git(repo, "rev-parse", "HEAD")
    orders.write_text(
        "CREATE TABLE dbo.orders (\n  id int NOT NULL,\n  amount money NULL,\n"
        "  note varchar(100) NOT NULL\n)\nGO\n"
    )
    _git(repo, "commit", "-q", "-am", "head")
    head_sha = _git(repo, "rev-parse", "HEAD")

    diff_out = tmp_path / "diff_output"
    diff_out.write_text("")
    env = _step_env(
        tmp_path,
        diff_out,
        {
            "BASE_REV": base_sha,
            "DIFF_PATHS": "schema",
            "PLATFORM": "mssql",
            "FAIL_ON": "error",
            "CONFIG": "",
            "SARIF": "true",
        },
    )
    step = _step(action, "diff")
    proc = subprocess.run(
        [*GITHUB_BASH, step["run"]], cwd=repo, env=env, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr
    outputs = _outputs(diff_out)
    # M001 (NOT NULL column added without a default) is an error: exit 1, recorded.
    assert outputs["exit-code"] == "1"
    document = json.loads(Path(outputs["json"]).read_text(encoding="utf-8"))
    assert document["summary"]["failed"] is True
    assert any(f["code"] == "M001" for f in document["new_findings"])
    sarif = json.loads(Path(outputs["sarif"]).read_text(encoding="utf-8"))
    assert sarif["version"] == "2.1.0"

    event = tmp_path / "event.json"
    event.write_text(json.dumps({"pull_request": {"number": 7}}))
    link = f"https://github.com/{REPO}/blob/{head_sha}/schema/orders.sql#L4"

    def check(body: t.Any) -> bool:
        text = body["body"]
        return text.startswith("<!-- ddlaudit-diff: ddlaudit -->\n") and link in text

    script = [
        NOT_A_USER,
        Exchange("GET", LIST, {"per_page": ["100"]}, answer=[]),
        Exchange(
            "POST",
            LIST,
            status=201,
            answer={"id": 1, "body": "x", "user": {"login": "github-actions[bot]"}},
            body=check,
        ),
    ]
    comment = next(s for s in _run_steps(action) if "ddlaudit comment" in s["run"])
    with FakeGitHub(script) as fake:
        env = _step_env(
            tmp_path,
            tmp_path / "unused",
            {
                "GITHUB_TOKEN": TOKEN,
                "DIFF_JSON": outputs["json"],
                "MARKER": "ddlaudit",
                "SERVER_URL": "https://github.com",
                "REPOSITORY": REPO,
                "HEAD_SHA": head_sha,
                "WORKDIR": ".",
                # Set by the runner for every step:
                "GITHUB_REPOSITORY": REPO,
                "GITHUB_EVENT_PATH": str(event),
                "GITHUB_API_URL": fake.url,
            },
        )
        proc = subprocess.run(
            [*GITHUB_BASH, comment["run"]],
            cwd=repo,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
    assert proc.returncode == 0, proc.stderr
    assert "::warning::" not in proc.stdout
    fake.done()
    assert proc.stdout.startswith("created comment 1 on octo/db#7")


def test_comment_step_failure_is_a_warning(action: dict[str, t.Any], tmp_path: Path) -> None:
    # No token (a fork's pull request): the step warns and the job goes on.
    comment = next(s for s in _run_steps(action) if "ddlaudit comment" in s["run"])
    body = tmp_path / "diff.json"
    body.write_text((Path(__file__).parent / "data" / "diff" / "markdown_basic.json").read_text())
    event = tmp_path / "event.json"
    event.write_text('{"pull_request": {"number": 3}}')
    env = _step_env(
        tmp_path,
        tmp_path / "unused",
        {
            "GITHUB_TOKEN": "",
            "DIFF_JSON": str(body),
            "MARKER": "ddlaudit",
            "SERVER_URL": "https://github.com",
            "REPOSITORY": "o/r",
            "HEAD_SHA": "abc",
            "WORKDIR": ".",
            "GITHUB_REPOSITORY": "o/r",
            "GITHUB_EVENT_PATH": str(event),
            "GITHUB_API_URL": "http://127.0.0.1:9",
        },
    )
    proc = subprocess.run(
        [*GITHUB_BASH, comment["run"]],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0
    assert "::warning::ddlaudit: the pull-request comment was not posted" in proc.stdout
    assert "no token in $GITHUB_TOKEN" in proc.stderr
