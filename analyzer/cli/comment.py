"""``ddlaudit comment``: create or update the bot's own pull-request comment on GitHub."""

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

#: The first line of a body rendered with another marker (replaced, not doubled).
_MARKER_LINE = re.compile(r"<!-- ddlaudit-diff: [^\n]*? -->\n?")


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
    "--repo",
    default=None,
    metavar="OWNER/NAME",
    help="The repository (default: $GITHUB_REPOSITORY).",
)
@click.option(
    "--pr",
    "number",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="The pull request number (default: pull_request.number of $GITHUB_EVENT_PATH).",
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
    help="REST API root (default: $GITHUB_API_URL, else https://api.github.com).",
)
@click.option(
    "--token-env",
    default="GITHUB_TOKEN",
    show_default=True,
    metavar="NAME",
    help="Environment variable holding the token (never pass a token on the command line).",
)
@click.option(
    "--author",
    default=None,
    metavar="LOGIN",
    help="The bot login whose comment is updated when the token has no user "
    "(default: github-actions[bot], GITHUB_TOKEN's).",
)
@click.option("--dry-run", is_flag=True, help="Only read: print whether it would create or update.")
@output_option
def comment(
    body_path: str | None,
    diff_json: str | None,
    link_base: str | None,
    repo: str | None,
    number: int | None,
    marker: str,
    api_url: str | None,
    token_env: str,
    author: str | None,
    dry_run: bool,
    output: str | None,
) -> None:
    """Post BODY on a pull request, or edit the comment ddlaudit posted there before.

    Finds the comment holding the hidden marker '<!-- ddlaudit-diff: MARKER -->'
    and written by the token's user (or, for GITHUB_TOKEN, github-actions[bot]),
    then edits it; otherwise creates one.  A comment by someone else quoting the
    marker is left alone.  In GitHub Actions the repository, pull request, API
    URL and token come from the environment.  Exit 3 when GitHub cannot be
    reached or refuses (the message says which permission is missing).
    """
    from analyzer.publish import github
    from analyzer.reporters.diff_markdown import GITHUB_COMMENT_LIMIT, MarkerError, marker_comment

    try:
        marker_line = marker_comment(marker)
    except MarkerError as err:
        raise click.BadParameter(str(err), param_hint="--marker") from None
    text = _body(body_path, diff_json, link_base, marker)
    text = _with_marker(text, marker_line)
    size = len(text.encode("utf-16-le")) // 2
    if size > GITHUB_COMMENT_LIMIT:
        raise click.UsageError(
            f"the comment is {size:,} characters; GitHub accepts at most "
            f"{GITHUB_COMMENT_LIMIT:,} (render it with --diff-json, which cuts it to fit)"
        )
    repo = repo or os.environ.get("GITHUB_REPOSITORY") or None
    if repo is None:
        raise click.UsageError("no repository: pass --repo OWNER/NAME (or set GITHUB_REPOSITORY)")
    try:
        github.check_repo(repo)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--repo") from None
    if number is None:
        number = _event_number()
    try:
        api = github.check_api_url(
            api_url or os.environ.get("GITHUB_API_URL") or github.DEFAULT_API_URL
        )
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--api-url") from None
    # A secret read from a file often ends with a newline.
    token = os.environ.get(token_env, "").strip()
    if not token:
        if dry_run:
            emit(
                f"would create or update the comment on {repo}#{number} ({size:,} characters); "
                f"${token_env} is empty, so GitHub was not asked which",
                output,
            )
            sys.exit(EXIT_OK)
        click.echo(
            f"ddlaudit: no token in ${token_env}: in a workflow pass "
            f"'env: {token_env}: ${{{{ secrets.GITHUB_TOKEN }}}}' "
            "with 'permissions: pull-requests: write'",
            err=True,
        )
        sys.exit(EXIT_ENVIRONMENT)
    client = github.GitHubClient(api, token, token_name=token_env)
    try:
        outcome = github.upsert_comment(
            client,
            repo,
            number,
            text,
            marker_line,
            author=author or github.ACTIONS_BOT,
            dry_run=dry_run,
        )
    except github.GitHubError as err:
        click.echo(f"ddlaudit: {err}", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    except Exception as err:
        internal_error(err)
    line = outcome.describe()
    emit(f"{line} ({size:,} characters)" if dry_run else line, output)
    sys.exit(EXIT_OK)


def _body(body_path: str | None, diff_json: str | None, link_base: str | None, marker: str) -> str:
    if (body_path is None) == (diff_json is None):
        raise click.UsageError("give exactly one of --body FILE and --diff-json FILE")
    if link_base is not None and diff_json is None:
        raise click.UsageError("--link-base works with --diff-json only")
    if body_path is not None:
        if body_path == "-":
            try:
                return sys.stdin.buffer.read().decode("utf-8")
            except UnicodeDecodeError as err:
                raise click.UsageError(
                    f"standard input: not UTF-8 ({err.reason} at byte {err.start})"
                ) from None
        return _read(body_path, "--body")
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
        return render(document, marker=marker, link_base=link_base)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--link-base") from None


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
    first = _MARKER_LINE.match(text)
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
