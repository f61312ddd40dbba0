"""Publishing reports where people read them: a pull or merge request comment.

``rest``: what the clients share, a small JSON client on ``urllib.request`` (no
dependency) with bounded retries, one-line errors and the bot's-comment search;
``github``, ``gitlab`` and ``azure``: each service's endpoints, creating or updating
the bot's own comment, note or thread (``ddlaudit comment``; docs/ci/).  Nothing here
imports the workflow: it sends text another stage rendered.
"""
