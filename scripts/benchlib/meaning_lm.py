"""An instruction model's reading of a table's sentence at one ask, for
scripts/bench_meaning_lm.py: the prompt (what gm asked, the ask's context, the forms its meaning
takes, a few examples) and a GBNF grammar that lets the model answer only with a value the ask
takes in that context, talk, a partial answer or a command.

The examples are written for this measurement; `examples_in` checks that none is a corpus
sentence. Two shapes of reply: "plain", the corpus's own value ("talk", {"count": 3, ...}), and
"kind", an object whose first key says what the sentence is ({"kind": "talk"},
{"kind": "answer", "value": ...}), so that the model says first whether it is an answer.
"""

# ruff: noqa: E501 - the prompts are text, one line a sentence
from __future__ import annotations

import itertools
import json

COMMANDS = ("repeat", "help", "score", "pause", "resume", "undo", "skip", "quit")

HEADER = """You are the ears of a voice game master (GM) for party games. Players at a noisy table speak; you turn the sentence just said into the one meaning the GM needs, written as one JSON value.
Always possible, whatever the question:
"talk": players talking among themselves, joking, or asking each other; not an answer to the GM.
"ask": only part of an answer, or unsure (a number without what it is for); the GM will ask again.
"command:repeat" (say that again), "command:help" (what can we say?), "command:score", "command:pause" (hold on, wait), "command:resume" (we're back), "command:undo" (take that back), "command:skip", "command:quit" (stop the game).
If the speaker corrects themselves, the last version counts. Ignore fillers like um, uh, so, like."""

# ask id -> (description with allowed forms, invented examples [(context line or "", said, value)])
ASKS: dict[str, tuple[str, list[tuple[str, str, str]]]] = {
    "who_the_f.result": (
        """Game: Who the F*ck? Six characters sit in places 1 to 6. Each player secretly voted for one place with a token; the tokens were just turned over.
The GM asked: "What is the result?"
Answers:
{"count": C, "place": P}: place P got the most votes, C of them (the largest count said).
{"unanimous": true, "place": P}: every player voted for P.
{"none": true}: no majority, the votes are all spread out.
{"tie": C}: two places got C votes each.
{"hint": true}: someone gave their vote away before the reveal.""",
        [
            ("Players: 6", "four of us picked number six", '{"count": 4, "place": 6}'),
            ("Players: 4", "every single one of us said three", '{"unanimous": true, "place": 3}'),
            ("Players: 4", "two on one and two on four", '{"tie": 2}'),
            ("Players: 5", "nobody matched, it's all different", '{"none": true}'),
            ("Players: 5", "Kim told us her pick before we flipped", '{"hint": true}'),
            ("Players: 5", "five for two, sorry, five for three", '{"count": 5, "place": 3}'),
            ("Players: 6", "two votes", '"ask"'),
            ("Players: 6", "is that a coffee stain on the card", '"talk"'),
            ("Players: 6", "could you say it once more", '"command:repeat"'),
        ],
    ),
    "who_the_f.vote": (
        """Game: Who the F*ck? Six characters sit in places 1 to 6. The GM read a question; players now vote secretly by putting a numbered token face down.
The GM said: "Say reveal when everyone has voted."
Answers:
"reveal": everyone has voted, turn the tokens over.
"hint": a player gave a hint or said their vote out loud.
An early result: {"count": C, "place": P}, {"unanimous": true, "place": P}, {"none": true}, {"tie": C}.""",
        [
            ("Players: 5", "okay, everyone's done, flip them", '"reveal"'),
            ("Players: 5", "Max just told everyone he went for four", '"hint"'),
            ("Players: 5", "which one are you going for?", '"talk"'),
            ("Players: 5", "three of us put it on five", '{"count": 3, "place": 5}'),
            ("Players: 5", "wait a moment", '"command:pause"'),
        ],
    ),
    "who_the_f.next": (
        """Game: Who the F*ck? A round just ended.
The GM said: "Say next question when you're ready."
Answers:
"next": read the next question. Most other chatter here is "talk".""",
        [
            ("", "go on, the next one", '"next"'),
            ("", "I still think number four would win that", '"talk"'),
            ("", "how many points do we have", '"command:score"'),
        ],
    ),
    "who_the_f.final_result": (
        """Game: Who the F*ck? Final question: players voted with tokens for the places still in play.
The GM asked: "Is it unanimous? If not, which places got no vote?"
Answers:
{"unanimous": true, "place": P}: every vote went to place P.
{"empty": [P, ...]}: the places that got no vote, sorted; {"empty": []} when every place got a vote.
{"answer": true} or {"answer": false}: a bare yes or no.""",
        [
            (
                "Places in play: 1, 2, 3, 4",
                "the whole lot went on four",
                '{"unanimous": true, "place": 4}',
            ),
            ("Places in play: 1, 3, 4, 5", "nobody went for one or three", '{"empty": [1, 3]}'),
            ("Places in play: 2, 3, 5", "each of them has at least a token", '{"empty": []}'),
            ("Places in play: 2, 3, 5", "yeah it is", '{"answer": true}'),
            ("Places in play: 1, 2, 6", "nope, it isn't", '{"answer": false}'),
            ("Places in play: 1, 2, 6", "a couple got none", '"ask"'),
            ("Places in play: 1, 2, 6", "did you really vote for six", '"talk"'),
        ],
    ),
    "funocracy.answer": (
        """Game: Funocracy. A theme is given and some letters are face up; a player answers one word (or name) of the theme starting with a face-up letter.
Answers:
{"word": "...", "letter": "X"}: the word as meant, lower case, without lead-ins or articles, and the face-up letter it starts with.
"pass": the player gives up this turn.""",
        [
            (
                "Theme: Animals. Face-up letters: B, T, M",
                "erm, a tiger",
                '{"word": "tiger", "letter": "T"}',
            ),
            ("Theme: Animals. Face-up letters: B, T, M", "bat!", '{"word": "bat", "letter": "B"}'),
            ("Theme: Animals. Face-up letters: B, T, M", "I pass, got nothing", '"pass"'),
            ("Theme: Animals. Face-up letters: B, T, M", "whose turn is it now?", '"talk"'),
        ],
    ),
    "funocracy.challenge": (
        """Game: Funocracy. The GM just repeated a player's word and the letter it scores for.
The GM said: "Say meh to challenge it."
Answers:
"challenge": someone doubts or disputes the word (meh, that's not real, let's vote).
"stand": the table accepts it (fine, that counts, no challenge).
"wrong_letter": the word was meant for another letter; the GM got the letter wrong.""",
        [
            ("", "meh, that's not a real thing", '"challenge"'),
            ("", "sounds fine to me", '"stand"'),
            ("", "no, I meant it for the S", '"wrong_letter"'),
            ("", "pass me the crisps", '"talk"'),
        ],
    ),
    "funocracy.vote": (
        """Game: Funocracy. A word was challenged; the other players each voted good or meh with cards.
The GM asked: "Tell me the result: good, meh, or tie."
Answers:
"good": most votes say good.
"meh": most votes say meh.
"tie": as many good as meh.""",
        [
            ("Voters: 4", "good wins it", '"good"'),
            ("Voters: 4", "three meh cards, one good", '"meh"'),
            ("Voters: 4", "split down the middle, two each", '"tie"'),
            ("Voters: 4", "some said good", '"ask"'),
            ("Voters: 4", "flip your card already", '"talk"'),
        ],
    ),
    "funocracy.letter": (
        """Game: Funocracy. The GM heard a word that does not start with a face-up letter.
The GM asked: "Say your word again, or the letter it starts with, or no answer."
Answers:
"X": the letter meant, as one capital letter.
{"word": "...", "letter": "X"}: the word said again (or another word), lower case, and its first letter.
"none": no answer.""",
        [
            ("Face-up letters: D, G, R. The GM heard: coat", "it's the G", '"G"'),
            (
                "Face-up letters: D, G, R. The GM heard: coat",
                "I said goat, like the animal",
                '{"word": "goat", "letter": "G"}',
            ),
            ("Face-up letters: D, G, R. The GM heard: coat", "never mind, no answer", '"none"'),
            ("Face-up letters: D, G, R. The GM heard: bog", "D as in dog", '"D"'),
        ],
    ),
    "funocracy.agree": (
        """Game: Funocracy. A word was meant for a letter it does not start with.
The GM asked: "Score it for that letter anyway? Everyone agree?"
Answers: true (the table agrees), false (it does not).""",
        [
            ("", "yeah fine, give it to her", "true"),
            ("", "no way", "false"),
            ("", "some of us yes, some no", '"ask"'),
            ("", "remind me which card that went on?", '"talk"'),
        ],
    ),
    "what_the_fake.names": (
        """Game: What the Fake?! Each player drew up to three things for a theme and now names them.
The GM said: "Name your drawings."
Answers:
{"names": ["...", ...]}: every drawing named, lower case, whole names, without "a" or "the".
"nothing": no more drawings, done.""",
        [
            (
                "Seat 2 names up to 3 drawings. Typical drawings: kite, teapot, boat",
                "a kite, a teapot and a boat",
                '{"names": ["kite", "teapot", "boat"]}',
            ),
            (
                "Seat 2 names up to 3 drawings. Typical drawings: soup, bread, cheese",
                "I only drew a bowl of soup",
                '{"names": ["bowl of soup"]}',
            ),
            (
                "Seat 4 names up to 1 drawing. Typical drawings: sun, moon, star",
                "that's all from me",
                '"nothing"',
            ),
            (
                "Seat 4 names up to 2 drawings. Typical drawings: horse, dog, cow",
                "you drew a horse? it looks like a dog",
                '"talk"',
            ),
        ],
    ),
    "what_the_fake.check_names": (
        """Game: What the Fake?! A player named their drawings; the GM repeated the names it heard.
The GM asked: "I heard ... Is that right?"
Answers:
true: yes, right.
false: no, wrong.
{"names": ["...", ...]}: the corrected list of names, lower case, without "a" or "the".
"nothing": the player drew nothing.""",
        [
            ("The GM heard: ramp", "yes exactly", "true"),
            ("The GM heard: ramp", "nah, not right", "false"),
            (
                "The GM heard: ramp, kettle",
                "no, a lamp, not a ramp",
                '{"names": ["lamp", "kettle"]}',
            ),
            ("The GM heard: ramp", "is it my turn after her?", '"talk"'),
        ],
    ),
    "what_the_fake.groups": (
        """Game: What the Fake?! The GM sorted the players' drawings into numbered groups, read them out, and asked: "Is that right?"
Answers:
"correct": the groups are right, count the points.
"more": something must change, not yet said what.
"list": read the groups again.
"merge A B": groups A and B are the same thing (A < B).
"split N": group N holds different things.
"out S N": player S's drawing is not like the others in group N.
"invalid N": group N does not count.
"valid N": group N counts after all.
"void S N": player S's drawing in group N does not count.""",
        [
            (
                "Groups: 1 cup (players 1, 2); 2 mug (player 3); 3 tree (players 1, 3, 4)",
                "yep, count them",
                '"correct"',
            ),
            (
                "Groups: 1 cup (players 1, 2); 2 mug (player 3); 3 tree (players 1, 3, 4)",
                "cup and mug are the same",
                '"merge 1 2"',
            ),
            (
                "Groups: 1 cup (players 1, 2); 2 mug (player 3); 3 tree (players 1, 3, 4)",
                "player four's tree is really a bush",
                '"out 4 3"',
            ),
            (
                "Groups: 1 cup (players 1, 2); 2 mug (player 3); 3 tree (players 1, 3, 4)",
                "hmm, one of those is off",
                '"more"',
            ),
            (
                "Groups: 1 cup (players 1, 2); 2 mug (player 3); 3 tree (players 1, 3, 4)",
                "read them out again",
                '"list"',
            ),
            (
                "Groups: 1 cup (players 1, 2); 2 mug (player 3); 3 tree (players 1, 3, 4)",
                "the trees aren't all the same thing",
                '"split 3"',
            ),
            (
                "Groups: 1 cup (players 1, 2); 2 mug (player 3); 3 tree (players 1, 3, 4)",
                "a mug is off theme, cross it out",
                '"invalid 2"',
            ),
            (
                "Groups: 1 cup (players 1, 2); 2 mug (player 3); 3 tree (players 1, 3, 4)",
                "player one's cup doesn't count",
                '"void 1 1"',
            ),
        ],
    ),
    "what_the_fake.forgers": (
        """Game: What the Fake?! The players turned over their role cards.
The GM asked: "Who is the Forger?"
Answers:
{"seats": [S, ...]}: the Forgers' seat numbers, sorted, as many as there are Forgers; fewer seats than Forgers is "ask".""",
        [
            ("Players: 5, Forgers: 1", "it was seat five", '{"seats": [5]}'),
            ("Players: 5, Forgers: 1", "me, I'm player two", '{"seats": [2]}'),
            ("Players: 8, Forgers: 2", "three and eight, the sneaky pair", '{"seats": [3, 8]}'),
            ("Players: 8, Forgers: 2", "one of them was three", '"ask"'),
        ],
    ),
}


def context_line(ask: str, ctx: dict) -> str:
    if ask in ("who_the_f.result", "who_the_f.vote"):
        return f"Players: {ctx['players']}"
    if ask == "who_the_f.final_result":
        return "Places in play: " + ", ".join(map(str, ctx["places"]))
    if ask == "funocracy.answer":
        return f"Theme: {ctx['theme']}. Face-up letters: " + ", ".join(ctx["face_up"])
    if ask == "funocracy.vote":
        return f"Voters: {ctx['voters']}"
    if ask == "funocracy.letter":
        return "Face-up letters: " + ", ".join(ctx["face_up"]) + f". The GM heard: {ctx['word']}"
    if ask == "what_the_fake.names":
        room = ctx["room"]
        return (
            f"Seat {ctx['seat']} names up to {room} drawing{'s' if room > 1 else ''}. "
            "Typical drawings: " + ", ".join(ctx["hints"])
        )
    if ask == "what_the_fake.check_names":
        return "The GM heard: " + ", ".join(ctx["pending"])
    if ask == "what_the_fake.groups":
        parts = []
        for g in ctx["groups"]:
            s = g["seats"]
            who = ("player " if len(s) == 1 else "players ") + ", ".join(map(str, s))
            parts.append(f"{g['number']} {g['name']} ({who})")
        return "Groups: " + "; ".join(parts)
    if ask == "what_the_fake.forgers":
        return f"Players: {ctx['players']}, Forgers: {ctx['forgers']}"
    return ""


def system_text(ask: str, shots: bool = True) -> str:
    desc, examples = ASKS[ask]
    text = HEADER + "\n\n" + desc
    if shots:
        text += "\n\nExamples:"
        for c, said, val in examples:
            text += "\n" + (f"[{c}] " if c else "") + f'Said: "{said}" -> {val}'
    return text + "\n\nReply with the JSON value only."


def user_text(ask: str, ctx: dict, said: str) -> str:
    c = context_line(ask, ctx)
    return (f"[{c}] " if c else "") + f'Said: "{said}"'


# ---------------------------------------------------------------- grammar


def lit(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def alts(values: list[str]) -> str:
    return " | ".join(lit(v) for v in values)


COMMON = ['"talk"', '"ask"'] + [f'"command:{c}"' for c in COMMANDS]


def num(lo: int, hi: int) -> str:
    return alts([str(i) for i in range(lo, hi + 1)])


def _values(ask: str, ctx: dict) -> tuple[list[str], dict[str, str]]:
    """The GBNF alternatives of every value `ask` takes in context `ctx`, and the rules they
    use."""
    rules: dict[str, str] = {}
    root: list[str] = []
    if ask in ("who_the_f.result", "who_the_f.vote"):
        rules["place"] = num(1, 6)
        rules["count"] = "[0-9] | [1-9] [0-9]"
        rules["result"] = (
            lit('{"count": ')
            + " count "
            + lit(', "place": ')
            + " place "
            + lit("}")
            + " | "
            + lit('{"unanimous": true, "place": ')
            + " place "
            + lit("}")
            + " | "
            + lit('{"none": true}')
            + " | "
            + lit('{"hint": true}')
            + " | "
            + lit('{"tie": ')
            + " ("
            + num(1, 8)
            + ") "
            + lit("}")
        )
        root.append("result")
        if ask == "who_the_f.vote":
            root.append(alts(['"reveal"', '"hint"']))
    elif ask == "who_the_f.next":
        root.append(lit('"next"'))
    elif ask == "who_the_f.final_result":
        places = ctx["places"]
        rules["place"] = alts([str(p) for p in places])
        empties = []
        for k in range(0, len(places)):
            for combo in itertools.combinations(places, k):
                empties.append('{"empty": [' + ", ".join(map(str, combo)) + "]}")
        root.append(
            lit('{"unanimous": true, "place": ')
            + " place "
            + lit("}")
            + " | "
            + alts(empties)
            + " | "
            + alts(['{"answer": true}', '{"answer": false}'])
        )
    elif ask == "funocracy.answer":
        per = [
            lit('{"word": "' + L.lower()) + " tail " + lit('", "letter": "' + L + '"}')
            for L in ctx["face_up"]
        ]
        rules["tail"] = "[a-z' -]{0,40}"
        root.append(" | ".join(per) + " | " + lit('"pass"'))
    elif ask == "funocracy.challenge":
        root.append(alts(['"challenge"', '"stand"', '"wrong_letter"']))
    elif ask == "funocracy.vote":
        root.append(alts(['"good"', '"meh"', '"tie"']))
    elif ask == "funocracy.letter":
        letters = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
        per = [
            lit('{"word": "' + L.lower()) + " tail " + lit('", "letter": "' + L + '"}')
            for L in letters
        ]
        rules["tail"] = "[a-z' -]{0,40}"
        root.append(alts(['"none"'] + [f'"{L}"' for L in letters]) + " | " + " | ".join(per))
    elif ask == "funocracy.agree":
        root.append(alts(["true", "false"]))
    elif ask in ("what_the_fake.names", "what_the_fake.check_names"):
        rules["name"] = lit('"') + " [a-z] [a-z' -]{0,40} " + lit('"')
        rules["names"] = lit('{"names": [') + " name (" + lit(", ") + " name){0,3} " + lit("]}")
        root.append("names")
        root.append(lit('"nothing"'))
        if ask == "what_the_fake.check_names":
            root.append(alts(["true", "false"]))
    elif ask == "what_the_fake.groups":
        groups = {g["number"]: g["seats"] for g in ctx["groups"]}
        vals = ["correct", "more", "list"]
        ns = sorted(groups)
        vals += [f"merge {a} {b}" for a, b in itertools.combinations(ns, 2)]
        vals += [f"split {n}" for n in ns if len(groups[n]) > 1]
        vals += [f"out {s} {n}" for n in ns for s in groups[n]]
        vals += [f"invalid {n}" for n in ns] + [f"valid {n}" for n in ns]
        vals += [f"void {s} {n}" for n in ns for s in groups[n]]
        root.append(alts([f'"{v}"' for v in vals]))
    elif ask == "what_the_fake.forgers":
        combos = itertools.combinations(range(1, ctx["players"] + 1), ctx["forgers"])
        root.append(alts(['{"seats": [' + ", ".join(map(str, c)) + "]}" for c in combos]))
    else:
        raise KeyError(ask)
    return root, rules


def _grammar(root: str, rules: dict[str, str]) -> str:
    return "\n".join([f"root ::= {root}", *(f"{k} ::= {v}" for k, v in rules.items())]) + "\n"


def grammar(ask: str, ctx: dict) -> str:
    """The GBNF grammar of the plain shape: every value `ask` takes in context `ctx`, talk, a
    partial answer or a command."""
    values, rules = _values(ask, ctx)
    return _grammar(" | ".join(f"( {r} )" for r in (alts(COMMON), *values)), rules)


def parse(ask: str, raw: str):
    """The model's JSON turned into a corpus value (None if unparsable)."""
    try:
        v = json.loads(raw)
    except Exception:
        return None
    if isinstance(v, dict) and "names" in v:
        v = {"names": [n.strip() for n in v["names"] if n.strip()]}
    if isinstance(v, dict) and "word" in v:
        v = {"word": v["word"].strip(), "letter": v["letter"]}
    return v


def _plain_text(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum() or ch == " ").strip()


def examples_in(texts: set[str]) -> list[str]:
    """The prompt's examples that are among `texts` (case and punctuation aside)."""
    known = {_plain_text(t) for t in texts}
    return [said for _, ex in ASKS.values() for _, said, _ in ex if _plain_text(said) in known]


# ---------------------------------------------------------------- the "kind" shape
# In the plain shape Qwen2.5-Coder almost never starts a reply with a bare JSON string ("talk"
# had a first-token log-probability of about -6 against -0.1 for '{"'), so this shape wraps every
# reading in an object whose first key says its kind: the model classifies first.

HEADER_KIND = """You are the ears of a voice game master (GM) for party games. Players at a noisy table speak; you turn the sentence just said into the one meaning the GM needs, as a JSON object.
Its "kind" is one of:
{"kind": "talk"}: players talking among themselves, joking, or asking each other; not an answer to the GM.
{"kind": "partial"}: only part of an answer, or unsure (a number without what it is for); the GM will ask again.
{"kind": "command", "command": NAME}: the table tells the GM about the game itself. NAME: "repeat" (say that again), "help" (what can we say?), "score", "pause" (hold on, wait), "resume" (we're back), "undo" (take that back), "skip", "quit" (stop the game).
{"kind": "answer", "value": VALUE}: an answer to the GM, VALUE one of the answers below.
If the speaker corrects themselves, the last version counts. Ignore fillers like um, uh, so, like."""


def wrap(val: str) -> str:
    v = json.loads(val)
    if v == "talk":
        return '{"kind": "talk"}'
    if v == "ask":
        return '{"kind": "partial"}'
    if isinstance(v, str) and v.startswith("command:"):
        return '{"kind": "command", "command": "' + v[8:] + '"}'
    return '{"kind": "answer", "value": ' + val + "}"


def system_text_kind(ask: str, shots: bool = True) -> str:
    desc, examples = ASKS[ask]
    desc = desc.replace('is "ask"', 'is {"kind": "partial"}').replace(
        'is "talk"', 'is {"kind": "talk"}'
    )
    text = HEADER_KIND + "\n\n" + desc.replace("Answers:", "Answers (VALUE):")
    if shots:
        text += "\n\nExamples:"
        for c, said, val in examples:
            text += "\n" + (f"[{c}] " if c else "") + f'Said: "{said}" -> {wrap(val)}'
    return text + "\n\nReply with the JSON object only."


def grammar_kind(ask: str, ctx: dict) -> str:
    """The GBNF grammar of the kind shape: {"kind": ...} around the same values."""
    values, rules = _values(ask, ctx)
    cmd = alts([f'"{c}"' for c in COMMANDS])
    root = " | ".join(
        [
            lit('{"kind": "talk"}'),
            lit('{"kind": "partial"}'),
            lit('{"kind": "command", "command": ') + f" ( {cmd} ) " + lit("}"),
            lit('{"kind": "answer", "value": ') + " value " + lit("}"),
        ]
    )
    return _grammar(root, {"value": " | ".join(f"( {r} )" for r in values), **rules})


def parse_kind(ask: str, raw: str):
    try:
        v = json.loads(raw)
    except Exception:
        return None
    k = v.get("kind")
    if k == "talk":
        return "talk"
    if k == "partial":
        return "ask"
    if k == "command":
        return "command:" + v["command"]
    return parse(ask, json.dumps(v["value"]))
