"""``ddlaudit comment``: create or update the bot's own pull-request comment.

GitHub (a pull request's conversation comment), GitLab (a merge request note) and
Azure DevOps (a pull request thread, closed while the diff has no new finding); the
platform is the CI's own unless ``--platform`` says (D148).
"""

from __future__ import annotations

import json
import os
import re
import sys
import typing as t

import click

from analyzer.cli.common import (
    EXIT_ENVIRONMENT,
    EXIT_OK,
    emit,
    internal_error,
    output_option,
)

if t.TYPE_CHECKING:
    from analyzer.publish.rest import Outcome

    #: Posts with (token, token variable name, dry run).
    Post = t.Callable[[str, str, bool], Outcome]

#: The first line of a body rendered with another marker (replaced, not doubled).
_MARKER_LINE = r"<!-- ddlaudit-diff: [^\n]*? -->\n?"


#: (variable, platform): each CI sets its variable to "true" ("True" on Azure); D148.
_DETECT = (
    ("GITHUB_ACTIONS", "github"),
    ("GITLAB_CI", "gitlab"),
    ("TF_BUILD", "azure"),
)
_TOKEN_ENV = {"github": "GITHUB_TOKEN", "gitlab": "GITLAB_TOKEN", "azure": "SYSTEM_ACCESSTOKEN"}
_SERVICE = {"github": "GitHub", "gitlab": "GitLab", "azure": "Azure DevOps"}
#: The largest body each accepts (D89; GitLab's notes API: 1,000,000 characters; Azure
#: DevOps documents none, so the renderer's GitHub cut applies, D148).
_LIMIT = {"github": 65_536, "gitlab": 1_000_000, "azure": 65_536}
_TOKEN_HINT = {
    "github": "in a workflow pass 'env: {name}: ${{{{ secrets.GITHUB_TOKEN }}}}' "
    "with 'permissions: pull-requests: write'",
    "gitlab": "add a project access token with the 'api' scope as a masked CI/CD "
    "variable named {name}",
    "azure": "map it in the step: 'env: {name}: $(System.AccessToken)'",
}
#: The summary line 'ddlaudit diff --format markdown' writes when no finding is new.
_CLEAN_HEADLINE = r"[^\n]*\*\*ddlaudit\*\*: [^\n]*; no new finding(?:, [0-9]+ fixed)?"


def detect_platform(environ: t.Mapping[str, str]) -> str:
    """The platform whose CI sets its marker variable to true; GitHub outside any CI.

    >>> detect_platform({"GITLAB_CI": "true"}), detect_platform({"TF_BUILD": "True"})
    ('gitlab', 'azure')
    >>> detect_platform({})
    'github'
    """
    for name, platform in _DETECT:
        if environ.get(name, "").strip().lower() == "true":
            return platform
    return "github"


@click.command()
@click.option(
    "--body",
    "body_path",
    default=None,
    metavar="FILE",
    help="The comment text (Markdown; '-' reads stdin), e.g. from "
    "'ddlaudit diff --format markdown'.",
)
@click.option(
    "--diff-json",
    "diff_json",
    default=None,
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help="Render the comment from this 'ddlaudit diff --format json' document instead of --body.",
)
@click.option(
    "--link-base",
    default=None,
    metavar="URL",
    help="With --diff-json: link each path:line to URL/PATH#LLINE "
    "(e.g. https://github.com/OWNER/NAME/blob/SHA/).",
)
@click.option(
    "--platform",
    type=click.Choice(["github", "gitlab", "azure"]),
    default=None,
    help="Where to comment (default: the CI running it, from GITHUB_ACTIONS, GITLAB_CI or "
    "TF_BUILD; else github).",
)
@click.option(
    "--repo",
    default=None,
    metavar="REPO",
    help="GitHub: OWNER/NAME ($GITHUB_REPOSITORY); GitLab: the project id or "
    "GROUP/PROJECT ($CI_PROJECT_ID); Azure DevOps: the repository id ($BUILD_REPOSITORY_ID).",
)
@click.option(
    "--pr",
    "number",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="The pull request number (GitHub: pull_request.number of $GITHUB_EVENT_PATH), "
    "merge request iid (GitLab: $CI_MERGE_REQUEST_IID) or pull request id "
    "(Azure DevOps: $SYSTEM_PULLREQUEST_PULLREQUESTID).",
)
@click.option(
    "--project",
    default=None,
    metavar="NAME",
    help="Azure DevOps: the team project (default: $SYSTEM_TEAMPROJECT).",
)
@click.option(
    "--marker",
    default="ddlaudit",
    show_default=True,
    metavar="TEXT",
    help="Identifies the comment: '<!-- ddlaudit-diff: TEXT -->' (one comment per marker).",
)
@click.option(
    "--api-url",
    default=None,
    metavar="URL",
    help="REST API root: GitHub $GITHUB_API_URL (else https://api.github.com); GitLab "
    "$CI_API_V4_URL (else https://gitlab.com/api/v4); Azure DevOps the collection URL "
    "$SYSTEM_COLLECTIONURI.",
)
@click.option(
    "--token-env",
    default=None,
    metavar="NAME",
    help="Environment variable holding the token (default: GITHUB_TOKEN, GITLAB_TOKEN or "
    "SYSTEM_ACCESSTOKEN by platform; never pass a token on the command line).",
)
@click.option(
    "--author",
    default=None,
    metavar="LOGIN",
    help="GitHub: the bot login whose comment is updated when the token has no user "
    "(default: github-actions[bot], GITHUB_TOKEN's).",
)
@click.option(
    "--thread-status",
    type=click.Choice(["auto", "active", "closed"]),
    default="auto",
    show_default=True,
    help="Azure DevOps: the thread's status; auto closes it when the diff has no new "
    "finding and reopens it when it has one.",
)
@click.option("--dry-run", is_flag=True, help="Only read: print whether it would create or update.")
@output_option
def comment(
    body_path: str | None,
    diff_json: str | None,
    link_base: str | None,
    platform: str | None,
    repo: str | None,
    number: int | None,
    project: str | None,
    marker: str,
    api_url: str | None,
    token_env: str | None,
    author: str | None,
    thread_status: str,
    dry_run: bool,
    output: str | None,
) -> None:
    """Post BODY on a pull or merge request, or edit the comment ddlaudit posted there before.

    Finds the comment holding the hidden marker '<!-- ddlaudit-diff: MARKER -->'
    and written by the token's own user (GitHub's GITHUB_TOKEN: github-actions[bot];
    GitLab: GET /user; Azure DevOps: the identity of connectionData), then edits it;
    otherwise creates one.  A comment by someone else quoting the marker is left
    alone.  In GitHub Actions, GitLab CI and Azure Pipelines the platform, project,
    request number, API URL and token come from the CI's own variables.  Exit 3 when
    the service cannot be reached or refuses (the message says which permission is
    missing).
    """
    from analyzer.publish import rest
    from analyzer.reporters.diff_markdown import MarkerError, marker_comment

    platform = platform or detect_platform(os.environ)
    service = _SERVICE[platform]
    _only(platform, "github", author is not None, "--author")
    _only(platform, "azure", project is not None, "--project")
    _only(platform, "azure", thread_status != "auto", "--thread-status")
    try:
        marker_line = marker_comment(marker)
    except MarkerError as err:
        raise click.BadParameter(str(err), param_hint="--marker") from None
    text, clean = _body(body_path, diff_json, link_base, marker)
    text = _with_marker(text, marker_line)
    size = len(text.encode("utf-16-le")) // 2
    limit = _LIMIT[platform]
    if size > limit:
        cut = " (render it with --diff-json, which cuts it to fit)" if limit < 100_000 else ""
        accepts = f"{service} accepts at most {limit:,}"
        if platform == "azure":
            accepts = f"ddlaudit posts at most {limit:,} on Azure DevOps, which documents no limit"
        raise click.UsageError(f"the comment is {size:,} characters; {accepts}{cut}")
    if clean is None:
        # --body: the summary line under the marker, as the diff's Markdown writes it (D151).
        lines = text.split("\n", 2)
        clean = len(lines) > 1 and re.fullmatch(_CLEAN_HEADLINE, lines[1]) is not None
    resolved = thread_status == "closed" or (thread_status == "auto" and clean)
    if platform == "github":
        where, post = _github(text, marker_line, repo, number, api_url, author)
    elif platform == "gitlab":
        where, post = _gitlab(text, marker_line, repo, number, api_url)
    else:
        where, post = _azure(text, marker_line, repo, number, api_url, project, resolved)
    token_env = token_env or _TOKEN_ENV[platform]
    # A secret read from a file often ends with a newline.
    token = os.environ.get(token_env, "").strip()
    if not token:
        if dry_run:
            emit(
                f"would create or update the comment on {where} ({size:,} characters); "
                f"${token_env} is empty, so {service} was not asked which",
                output,
            )
            sys.exit(EXIT_OK)
        hint = _TOKEN_HINT[platform].format(name=token_env)
        click.echo(f"ddlaudit: no token in ${token_env}: {hint}", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    try:
        outcome = post(token, token_env, dry_run)
    except rest.PublishError as err:
        click.echo(f"ddlaudit: {err}", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    except Exception as err:
        internal_error(err)
    line = outcome.describe()
    emit(f"{line} ({size:,} characters)" if dry_run else line, output)
    sys.exit(EXIT_OK)


def _only(platform: str, wanted: str, given: bool, option: str) -> None:
    if given and platform != wanted:
        raise click.UsageError(f"{option} is for --platform {wanted} only (this is {platform})")


def _api(url: str) -> str:
    from analyzer.publish import rest

    try:
        return rest.check_api_url(url)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--api-url") from None


def _github(
    text: str,
    marker_line: str,
    repo: str | None,
    number: int | None,
    api_url: str | None,
    author: str | None,
) -> tuple[str, Post]:
    from analyzer.publish import github

    repo = repo or os.environ.get("GITHUB_REPOSITORY") or None
    if repo is None:
        raise click.UsageError("no repository: pass --repo OWNER/NAME (or set GITHUB_REPOSITORY)")
    try:
        github.check_repo(repo)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--repo") from None
    if number is None:
        number = _event_number()
    api = _api(api_url or os.environ.get("GITHUB_API_URL") or github.DEFAULT_API_URL)
    checked_repo, checked_number = repo, number

    def post(token: str, token_env: str, dry_run: bool) -> Outcome:
        client = github.GitHubClient(api, token, token_name=token_env)
        return github.upsert_comment(
            client,
            checked_repo,
            checked_number,
            text,
            marker_line,
            author=author or github.ACTIONS_BOT,
            dry_run=dry_run,
        )

    return f"{repo}#{number}", post


def _gitlab(
    text: str,
    marker_line: str,
    repo: str | None,
    number: int | None,
    api_url: str | None,
) -> tuple[str, Post]:
    from analyzer.publish import gitlab

    project = repo or os.environ.get("CI_PROJECT_ID") or None
    if project is None:
        raise click.UsageError(
            "no project: pass --repo ID or --repo GROUP/PROJECT (or set CI_PROJECT_ID)"
        )
    try:
        gitlab.check_project(project)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--repo") from None
    iid = number or _env_number(
        "CI_MERGE_REQUEST_IID",
        "no merge request: pass --pr IID (CI_MERGE_REQUEST_IID is set in merge request "
        "pipelines only)",
    )
    api = _api(api_url or os.environ.get("CI_API_V4_URL") or "https://gitlab.com/api/v4")

    def post(token: str, token_env: str, dry_run: bool) -> Outcome:
        client = gitlab.GitLabClient(api, token, token_name=token_env)
        return gitlab.upsert_note(client, project, iid, text, marker_line, dry_run=dry_run)

    return f"{project}!{iid}", post


def _azure(
    text: str,
    marker_line: str,
    repo: str | None,
    number: int | None,
    api_url: str | None,
    project: str | None,
    resolved: bool,
) -> tuple[str, Post]:
    from analyzer.publish import azure

    collection = api_url or os.environ.get("SYSTEM_COLLECTIONURI") or None
    if collection is None:
        raise click.UsageError(
            "no collection URL: pass --api-url https://dev.azure.com/ORG/ "
            "(or set SYSTEM_COLLECTIONURI)"
        )
    api = _api(collection)
    team = project or os.environ.get("SYSTEM_TEAMPROJECT") or None
    if team is None:
        raise click.UsageError("no project: pass --project NAME (or set SYSTEM_TEAMPROJECT)")
    repository = repo or os.environ.get("BUILD_REPOSITORY_ID") or None
    if repository is None:
        raise click.UsageError("no repository: pass --repo ID (or set BUILD_REPOSITORY_ID)")
    for value, what, option in (
        (team, "project", "--project"),
        (repository, "repository", "--repo"),
    ):
        try:
            azure.check_name(value, what)
        except ValueError as err:
            raise click.BadParameter(str(err), param_hint=option) from None
    pr = number or _env_number(
        "SYSTEM_PULLREQUEST_PULLREQUESTID",
        "no pull request: pass --pr ID (SYSTEM_PULLREQUEST_PULLREQUESTID is set in builds "
        "a branch policy runs for a pull request)",
    )

    def post(token: str, token_env: str, dry_run: bool) -> Outcome:
        client = azure.AzureClient(api, token, token_name=token_env)
        return azure.upsert_thread(
            client, team, repository, pr, text, marker_line, resolved=resolved, dry_run=dry_run
        )

    return f"pull request {pr}", post


def _env_number(name: str, missing: str) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        raise click.UsageError(missing)
    if not value.isdigit() or int(value) < 1:
        raise click.UsageError(f"${name} is {value!r}: expected a positive integer")
    return int(value)


def _body(
    body_path: str | None, diff_json: str | None, link_base: str | None, marker: str
) -> tuple[str, bool | None]:
    """The comment text, and with --diff-json whether the diff has no new finding."""
    if (body_path is None) == (diff_json is None):
        raise click.UsageError("give exactly one of --body FILE and --diff-json FILE")
    if link_base is not None and diff_json is None:
        raise click.UsageError("--link-base works with --diff-json only")
    if body_path is not None:
        if body_path == "-":
            try:
                return sys.stdin.buffer.read().decode("utf-8"), None
            except UnicodeDecodeError as err:
                raise click.UsageError(
                    f"standard input: not UTF-8 ({err.reason} at byte {err.start})"
                ) from None
        return _read(body_path, "--body"), None
    assert diff_json is not None
    from analyzer.reporters.diff_markdown import render

    raw = _read(diff_json, "--diff-json")
    try:
        document = json.loads(raw)
    except ValueError as err:
        line, column = getattr(err, "lineno", 0), getattr(err, "colno", 0)
        raise click.UsageError(f"{diff_json}:{line}:{column}: not JSON: {err}") from None
    if not isinstance(document, dict) or "summary" not in document:
        raise click.UsageError(
            f"{diff_json}:1:1: expected the JSON object of 'ddlaudit diff --format json' "
            "(with a 'summary' key)"
        )
    try:
        text = render(document, marker=marker, link_base=link_base)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--link-base") from None
    return text, _new_findings(document) == 0


def _new_findings(document: dict[str, t.Any]) -> int:
    """The diff's new findings: ``summary.new_findings``, else the list's length."""
    summary = document.get("summary")
    count = summary.get("new_findings") if isinstance(summary, dict) else None
    if isinstance(count, int) and not isinstance(count, bool):
        return count
    listed = document.get("new_findings")
    return len(listed) if isinstance(listed, list) else 0


def _read(path: str, option: str) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except UnicodeDecodeError as err:
        raise click.UsageError(f"{path}: not UTF-8 ({err.reason} at byte {err.start})") from None
    except OSError as err:
        raise click.UsageError(f"{option} {path}: {err.strerror or err}") from None


def _with_marker(text: str, marker_line: str) -> str:
    """The body with exactly this marker on its first line."""
    if text.startswith(marker_line):
        return text
    first = re.match(_MARKER_LINE, text)
    if first is not None:
        text = text[first.end() :]
    return f"{marker_line}\n{text}"


def _event_number() -> int:
    """``pull_request.number`` (or a pull request's ``issue.number``) of the Actions event."""
    path = os.environ.get("GITHUB_EVENT_PATH")
    hint = "pass --pr N"
    if not path:
        raise click.UsageError(f"no pull request: {hint} (GITHUB_EVENT_PATH is not set)")
    try:
        with open(path, encoding="utf-8") as handle:
            event: t.Any = json.load(handle)
    except (OSError, ValueError) as err:
        raise click.UsageError(f"cannot read GITHUB_EVENT_PATH {path}: {err}") from None
    if isinstance(event, dict):
        pr = event.get("pull_request")
        issue = event.get("issue")
        for holder in (pr, issue if isinstance(issue, dict) and "pull_request" in issue else None):
            if isinstance(holder, dict):
                number = holder.get("number")
                if isinstance(number, int) and not isinstance(number, bool) and number > 0:
                    return number
    raise click.UsageError(
        f"no pull request: {hint} (the event in {path} has no pull_request.number: "
        "run on 'pull_request' events)"
    )


__all__ = ["comment"]
