"""The live board: an aiohttp server in the bot process and its front end, in the browser and
inside Discord as an Activity (``web.activity``)."""
