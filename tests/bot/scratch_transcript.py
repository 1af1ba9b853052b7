from __future__ import annotations

from .helpers import last_board


def dump(label, r):
    rr = r.response
    print(f"--- {label} ephemeral={r.ephemeral}")
    if rr is None:
        print("(no response)")
        return
    print(rr.content)
    for e in rr.embeds:
        print("EMBED", e.title, "|", e.description)
        for f in e.fields:
            print("  FIELD", f.name, "=", f.value)
    comps = []
    for row in rr.components:
        for c in row.get("components", []):
            comps.append(c.get("label") or c.get("placeholder") or c.get("custom_id"))
            for o in c.get("options", [])[:5]:
                comps.append("   opt:" + o.get("label", ""))
    print("ATT", [a.filename for a in rr.attachments], "COMPONENTS", comps)
    for f in r.followups:
        print("  FOLLOWUP", f.content)


async def test_transcript(arena) -> None:
    a, b, ch = arena.alice, arena.bob, arena.channel
    r = await a.slash(ch, "challenge", variant="rugen", opponent=b, colour="white")
    dump("challenge", r)
    r2 = await b.click(r.response, label="Accept")
    dump("accept", r2)
    [thread] = ch.threads
    for m in thread.history():
        print("THREAD MSG:", m.content, [x.filename for x in m.attachments])
    for label, who, mv in [
        ("move ok", a, "a2-a5"),
        ("out of turn", a, "b2-b3"),
        ("bad", b, "hello"),
        ("illegal", b, "a8-a6"),
        ("ok b", b, "a7-a6"),
    ]:
        r = await who.slash(thread, "move", move=mv)
        dump(label, r)
    print(await a.autocomplete(thread, "move", "move", "a5"))
    r = await arena.carol.slash(thread, "move", move="a5-a4")
    dump("carol", r)
    msg = last_board(thread)
    r = await a.click(msg, label="Move")
    dump("move button", r)
    r = await a.slash(ch, "games")
    dump("games", r)
    r = await a.slash(ch, "help")
    dump("help", r)
    r = await a.slash(ch, "rules", variant="lat")
    dump("rules", r)
    r = await b.slash(thread, "resign")
    dump("resign", r)
    for m in thread.history()[-2:]:
        print("THREAD MSG:", m.content)
