"""Publishing reports where people read them: a pull-request comment on GitHub.

``github``: a small REST client on ``urllib.request`` (no dependency) that creates
or updates the bot's own comment (``ddlaudit comment``; docs/ci/github-action.md).
Nothing here imports the workflow: it sends text another stage rendered.
"""
