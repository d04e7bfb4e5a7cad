"""The whist drive (hall mode): many tables and one hub talking through an MQTT broker.

``hall.drive`` is the drive itself, pure like ``engine`` (settings, deals,
movement, scorecards, leaderboard); the rest is the I/O around it: the hub's
store, the table's outbox, the broker connection, the commands and screens.
"""
