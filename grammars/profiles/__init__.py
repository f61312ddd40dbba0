"""One module per dialect, each defining ``PROFILE`` (:class:`grammars.profile.Profile`):
what detection and option checking need, without the dialect's grammar (D108)."""
