"""A seat from a phone: the table serves a page on the LAN, and a phone given a seat plays it.

The table stays the referee. ``pairing`` hands a seat to a phone for a short code and
keeps the seat's token; ``link`` is where the game's thread and the server's thread meet
(each seat's observation going out, the phone's actions coming in); ``player`` is the
driver's player of a phone's seat and the listener that publishes the observations;
``server`` is the page, the pairing and the websockets (aiohttp, in its own thread);
``qr`` the QR code's matrix the screen draws. Nothing here imports the screen.
"""
