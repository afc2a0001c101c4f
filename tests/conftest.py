"""Makes ``tests/`` importable for the helpers every test folder shares (``game_files``)."""
