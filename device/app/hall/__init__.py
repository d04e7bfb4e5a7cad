"""The whist drive at the table app: the session that plays a drive's rounds
(session.py) and the drive drawn on screen, the hub's TV and a table between
rounds (screen.py). The drive itself, with no screen, is the ``hall`` package."""
