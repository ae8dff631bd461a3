"""What the Fake?!: the drawing game of Artists and Forgers, with the program holding the EXPO deck.

Pencils, sheets and (in hidden mode) the role cards stay on the table; the game master turns the
EXPO cards, listens for "What the fake!" shouts, hears the names of the drawings, groups the
same drawings across players and keeps the score.

Choices the rules leave open (CLARIFICATIONS.md settles the rest):
- Set-up by voice asks the number of players, then the mode (open / hidden roles), for
  whichever option is missing. "scoring" (full / quick) and "time_limit" (seconds) are options
  only; they default to full scoring and no time limit.
- Seats are numbered 1 to N around the table; "to the left" is the next seat (N passes to 1).
  Open roles: round r's Forger is seat r; with two Forgers the second sits N // 2 seats further,
  and the game lasts ceil(N / Forgers) rounds. With 7 players that is 4 rounds, so one player
  (seat 4) forges twice: exactly what passing the two physical cards to the left gives.
- Hidden roles: the cards are shuffled and dealt face down again every round (passing them on
  would reveal them); N rounds. Right after the drawing stops, the table reveals and says who
  the Forger(s) were ("three", or with two Forgers "three and seven" or one seat at a time);
  a seat named twice is refused. The reveal is asked in quick scoring too, so that the points
  question can name each player's role.
- The EXPO deck is shuffled with the rng at new(); a skipped or finished card is discarded;
  if the pile runs out, the discards except the card just shown are reshuffled into a new pile.
  "Skip" (the engine's command, or "another theme") works until the drawing starts.
- Drawing: every "what the fake" adds one shout and the game master says the count; "N done"
  sets the count (two shouts at once sound like one); players minus one shouts, "stop drawing"
  or the time limit (one deadline shared by every ask of the phase) end it. While the table
  draws the game master never nags: silence is expected.
- Naming (full scoring): every player, seat 1 first, names their drawings, one to three in an
  utterance; gm asks for the next ("Cactus. Next drawing?") until it has three. "That's all"
  ends a player's list early (the last player was stopped mid-drawing), "nothing" at once means
  no drawing; more than three in all is refused and asked again. Each utterance is one decision,
  so undo takes back the last name(s) heard. The names are split on commas, "and", "then" and
  articles; a hint (a theme's typical drawing) like "salt and pepper" is kept whole, as is an
  "and" without an article inside a stretch said before a pause ("bow and arrow, a cat") or in
  a player's last drawing ("fish and chips"). "What the fake" shouted before "start drawing"
  starts the drawing with one done. A
  recogniser that hears only one phrase of its grammar at a time (PocketSphinx) hears names
  best one by one and said in full ("I drew a cactus"), so the hints are offered that way too.
  A name with a word that is neither a hint nor a name said this round is the open model's
  guess: gm checks it ("I heard flying pig. Is that right?") before writing it down.
- Grouping: names are normalised (articles, simple plurals, spaces) and a drawing joins the
  group of the same name, or of a word the deck lists for the same thing ([same]: "kitty",
  "cat"; such a group is read with both names and "Same drawing?"). Names a recogniser wrote
  are words, not typos: "plane" and "planet" are different drawings. Groups drawn by several
  players are numbered first, then the drawings made once (read as a short list per player).
  The table corrects by number: "group one same as group three", "split group two" (one group
  per drawing), "take player four out of group two", "invalid group five", "player four
  invalid in group two", "valid group five"; or by name: "kitty is the same as cat", "kitty is
  not cat". A new group takes the smallest free number, so numbers stay small and stable.
  "Valid" and "invalid" are both always listened for and the words heard are checked, so one
  is never taken for the other. "Yes" and "no" answer the question asked: "Is that right?"
  (yes counts the points) or "Anything else?" (no does). "Count the points" scores the round.
- A check of a doubtful name takes yes or no with more in one breath ("yes, and a dog",
  "no, it was a frying pan"); another drawing said instead is most likely the next player's
  and is not written down for this one.
- Scoring: per group each player scores at most once (drawing the same thing twice earns
  nothing extra). An invalid drawing scores 0 and counts as not made: it takes no Artist's
  uniqueness and gives no Forger a match. Forgers drawing the same thing score nothing for it.
- Quick scoring: every player says their points for the round, 0 to 3 for Artists and Forgers.
- Most points after the last round wins; ties share the win.
"""

from __future__ import annotations

import enum
import math
import random
import re
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, Iterable, Mapping, Sequence

from rapidfuzz import fuzz

from gm import content
from gm.content import ContentFile, Lines
from gm.steps import Answer, AnswerKind, Ask, Choice, End, Line, Outcome, RulesError, Step, said
from gm.vocab import number_word, yes_no

MIN_PLAYERS = 3
MAX_PLAYERS = 8
DRAWINGS = 3  # drawings per player per round
MIN_CARDS = 45
MIN_HINTS = 6
PHRASE = re.compile(r"[a-z]+( [a-z]+)*")


class Phase(str, enum.Enum):
    PLAYERS = "players"
    MODE = "mode"
    THEME = "theme"
    DRAWING = "drawing"
    REVEAL = "reveal"
    NAMING = "naming"
    GROUPS = "groups"
    POINTS = "points"
    OVER = "over"


class Mode(str, enum.Enum):
    OPEN = "open"
    HIDDEN = "hidden"


class Scoring(str, enum.Enum):
    FULL = "full"
    QUICK = "quick"


class Role(str, enum.Enum):
    ARTIST = "artist"
    FORGER = "forger"


REQUIRED_LINES = (
    "ask_players",
    "players_expected",
    "players_reprompts",
    "players_out_of_range",
    "players_not_number",
    "decision_players",
    "ask_mode",
    "mode_expected",
    "mode_reprompts",
    "bad_mode",
    "bad_scoring",
    "bad_time_limit",
    "decision_mode",
    "mode_open",
    "mode_hidden",
    "intro",
    "round_start",
    "one_forger",
    "two_forgers",
    "pass_roles",
    "deal_one",
    "deal_two",
    "theme",
    "new_theme",
    "theme_prompt",
    "theme_expected",
    "theme_reprompts",
    "decision_skip",
    "decision_go",
    "draw",
    "draw_time",
    "done",
    "stop_drawing",
    "drawing_expected",
    "decision_shout",
    "decision_count",
    "decision_stop",
    "decision_timeout",
    "ask_forger",
    "ask_forgers",
    "ask_other_forger",
    "forger_expected",
    "forgers_expected",
    "forger_reprompts",
    "already_named",
    "revealed_one",
    "revealed_two",
    "decision_forger",
    "decision_forgers",
    "ask_names",
    "ask_next_name",
    "names_expected",
    "names_reprompts",
    "next_name_reprompts",
    "names_heard",
    "names_none",
    "names_too_many",
    "names_unclear",
    "decision_names",
    "decision_no_names",
    "decision_no_more",
    "check_names",
    "check_names_reprompts",
    "check_names_expected",
    "names_dropped",
    "decision_heard_names",
    "decision_not_names",
    "groups_intro",
    "no_groups",
    "group_shared",
    "group_one_seat",
    "singles",
    "single_item",
    "invalid_note",
    "void_note",
    "groups_prompt",
    "groups_again",
    "groups_expected",
    "groups_reprompts",
    "no_such_group",
    "group_invalid",
    "seat_invalid",
    "group_valid",
    "decision_merge",
    "decision_split",
    "decision_out",
    "decision_invalid",
    "decision_void",
    "decision_valid",
    "decision_correct",
    "ask_points",
    "artist",
    "forger",
    "points_expected",
    "points_reprompts",
    "decision_points",
    "round_points",
    "ask_names_short",
    "groups_prompt_short",
    "no_points",
    "points_for_one",
    "points_for_many",
    "which_change",
    "valid_or_invalid",
    "already_invalid",
    "already_valid",
    "decision_apart",
    "same_question",
    "check_first",
    "decision_go_shout",
    "decision_change",
    "totals",
    "game_over",
    "winner",
    "winners",
    "point",
    "points",
    "score_not_started",
    "score_round",
    "score_line",
)


# ---------------------------------------------------------------------------- data


@dataclass(frozen=True)
class Card:
    """One EXPO card: where the exhibition is, its theme, and drawings tables often make."""

    city: str
    theme: str
    hints: tuple[str, ...]


@dataclass(frozen=True)
class Entry:
    """One named drawing: whose it is and the name as heard (articles stripped)."""

    seat: int
    name: str


@dataclass(frozen=True)
class Group:
    """Drawings the table counts as the same; `invalid` holds seats whose drawing was voted out."""

    number: int
    entries: tuple[Entry, ...]
    invalid: frozenset[int] = frozenset()

    @property
    def name(self) -> str:
        return self.entries[0].name

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(sorted({e.seat for e in self.entries}))

    @property
    def void(self) -> bool:
        return set(self.seats) <= self.invalid


@dataclass(frozen=True)
class State:
    """Everything the game master knows; drawings and role cards stay on the table."""

    phase: Phase
    players: int | None
    mode: Mode | None
    scoring: Scoring
    time_limit: float | None
    pile: tuple[int, ...]  # EXPO card indices, next on top
    discards: tuple[int, ...]
    card: int | None = None  # the EXPO card of this round
    round: int = 0
    skips: int = 0  # themes skipped this round
    started: bool = False  # an answer was decided in this drawing phase
    shouts: int = 0
    roles: tuple[Role, ...] | None = None  # by seat - 1; None while hidden roles are secret
    named: tuple[int, ...] = ()  # Forgers named so far in the hidden-roles reveal
    drawings: tuple[tuple[str, ...], ...] = ()  # names per seat, in seat order, this round
    naming: tuple[str, ...] = ()  # names the player now naming has said so far
    heard: tuple[str, ...] = ()  # the names of the last utterance, said back
    pending: tuple[str, ...] = ()  # names heard with unknown words, waiting for a yes or no
    groups: tuple[Group, ...] = ()
    corrections: int = 0  # group corrections decided this round
    changing: bool = False  # the table said it has a change to make: gm asks which
    points: tuple[int, ...] = ()  # quick scoring: points said so far this round, by seat
    totals: tuple[int, ...] = ()
    history: tuple[tuple[int, ...], ...] = ()  # points of each finished round, by seat


# ---------------------------------------------------------------------------- pure rules


def forger_count(players: int) -> int:
    """One Forger card with 3 to 6 players, two with 7 or 8."""
    return 1 if players <= 6 else 2


def round_count(players: int, mode: Mode) -> int:
    """Open roles: until everyone has forged once; hidden roles: one round per player."""
    return players if mode is Mode.HIDDEN else math.ceil(players / forger_count(players))


def open_forgers(players: int, round_: int) -> tuple[int, ...]:
    """Seats forging in round `round_` (1-based) of an open game; two start half the table apart."""
    first = (round_ - 1) % players + 1
    if forger_count(players) == 1:
        return (first,)
    second = (first - 1 + players // 2) % players + 1
    return tuple(sorted((first, second)))


def roles_with(players: int, forgers: Iterable[int]) -> tuple[Role, ...]:
    chosen = set(forgers)
    return tuple(Role.FORGER if seat in chosen else Role.ARTIST for seat in range(1, players + 1))


def scores(groups: Sequence[Group], roles: Mapping[int, Role]) -> dict[int, int]:
    """Each seat's points for one round of full scoring.

    Artist: 1 per valid drawing no other player made. Forger: 1 per valid drawing at least one
    Artist made too. Invalid drawings score 0 and count as not made.
    """
    points = {seat: 0 for seat in roles}
    for group in groups:
        valid = {seat for seat in group.seats if seat not in group.invalid}
        for seat in valid:
            others = valid - {seat}
            if roles[seat] is Role.ARTIST:
                points[seat] += not others
            else:
                points[seat] += any(roles[other] is Role.ARTIST for other in others)
    return points


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals, 1) if total == best)


# ---------------------------------------------------------------------------- names


ARTICLES = frozenset("a an the some my".split())
DONE_PHRASES = ("that's all", "that is all", "no more", "nothing else")
YES_WORDS = frozenset("yes yeah yep yup right correct".split())
NO_WORDS = frozenset("no nope nah".split())
SAID_AGAIN = (
    60.0  # rapidfuzz ratio from which a name said during a check is the doubtful one said again
)
HARD = frozenset("then next also plus finally lastly first second third last".split())
SOFT = frozenset(("and",))
FILLERS = frozenset(
    "i i've ive drew drawn did made um uh er erm ok okay yes yeah yep is was drawing drawings number it's its it".split()
)
_STRENGTH = {"article": 0, "soft": 1, "hard": 2}


def singular(word: str) -> str:
    """A simple English singular: enough to match "cactuses" with "cactus", "boxes" with "box"."""
    if len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes", "uses", "oes")):
        return word[:-2]
    if word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("s"):
        return word[:-1]
    return word


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z']+", text.lower().replace("-", " "))


def normalise_name(name: str) -> str:
    """Lower case, no leading article, every word singular: the form names are compared in."""
    words = _words(name)
    while words and words[0] in ARTICLES:
        words = words[1:]
    return " ".join(singular(w) for w in words)


def _hint_forms(hints: Iterable[str]) -> dict[str, str]:
    return {normalise_name(h): h for h in hints if normalise_name(h)}


def _segment(words: list[str], forms: Mapping[str, str]) -> list[str] | None:
    """Split a run of words into known drawings (hints), allowing one unknown single word.

    'cactus sombrero camel' -> cactus, sombrero, camel; 'big red bus' stays whole (two unknowns).
    """
    # best[i]: (unknown words, pieces, the pieces) covering words[i:]
    best: list[tuple[int, int, list[str]] | None] = [None] * (len(words) + 1)
    best[len(words)] = (0, 0, [])
    for start in range(len(words) - 1, -1, -1):
        for end in range(start + 1, len(words) + 1):
            piece = " ".join(words[start:end])
            rest = best[end]
            known = normalise_name(piece) in forms
            if rest is None or not (known or end == start + 1):
                continue
            candidate = (rest[0] + (not known), rest[1] + 1, [piece] + rest[2])
            if best[start] is None or candidate[:2] < best[start][:2]:
                best[start] = candidate
    found = best[0]
    if found is None or found[0] > 1 or found[1] - found[0] < 2:
        return None
    return found[2]


def split_names(text: str, hints: Iterable[str] = (), room: int = DRAWINGS) -> tuple[str, ...]:
    """'a cactus, a sombrero and then a llama' -> ('cactus', 'sombrero', 'llama').

    Splits on commas, "and", "then" and articles; keeps a hint with such a word inside whole;
    joins pieces back at "and" or an article when that is what makes three.
    """
    hints = tuple(hints)
    forms = _hint_forms(hints)
    text = _join_paused(text.lower())
    lowered = " " + re.sub(r"[,;.!?]", " , ", text) + " "
    special = ARTICLES | HARD | SOFT | FILLERS
    for hint in sorted(hints, key=len, reverse=True):
        if special & set(hint.split()):
            lowered = re.sub(rf"(?<=\s){re.escape(hint)}(?=\s)", hint.replace(" ", "_"), lowered)
    pieces: list[list[str]] = []
    bounds: list[str] = []
    current: list[str] = []
    pending: str | None = None
    for word in re.findall(r"[a-z_']+|,", lowered.replace("-", " ")):
        kind = (
            "hard"
            if word == "," or word in HARD
            else "soft"
            if word in SOFT
            else "article"
            if word in ARTICLES
            else "filler"
            if word in FILLERS
            else None
        )
        if kind == "filler":
            continue
        if kind is None:
            if not current and pieces:
                bounds.append(pending or "article")
                pending = None
            current.append(word)
            continue
        if current:
            pieces.append(current)
            current = []
        if pieces and (pending is None or _STRENGTH[kind] > _STRENGTH[pending]):
            pending = kind
    if current:
        pieces.append(current)
    if len(pieces) > room:
        pieces = _join_back(pieces, bounds, forms, room)
    elif len(pieces) < room:
        pieces = _split_by_hints(pieces, forms, room)
    return tuple(" ".join(piece).replace("_", " ") for piece in pieces)


_AND_WORD = re.compile(r"(?<=[a-z'])\s+and\s+(?!(?:%s)\b)(?=[a-z])" % "|".join(sorted(ARTICLES)))


def _join_paused(text: str) -> str:
    """'bow and arrow, a cat' -> 'bow_and_arrow, a cat': where the recogniser marked pauses
    (commas), an "and" inside a stretch said without one, before the last, joins a name; the
    last stretch's "and" is a list's ("a cactus, a sombrero and a llama"). An "and" before an
    article always separates ("a bow and an arrow")."""
    parts = re.split(r"([,;.!?])", text)
    stretches = [i for i in range(0, len(parts), 2) if parts[i].strip()]
    for index in stretches[:-1]:
        parts[index] = _AND_WORD.sub("_and_", parts[index])
    return "".join(parts)


def _join_back(
    pieces: list[list[str]], bounds: list[str], forms: Mapping[str, str], room: int = DRAWINGS
) -> list[list[str]]:
    """Too many pieces: undo soft splits so that `room` remain, when that is clearly meant."""
    needed = len(pieces) - room
    weak = [i for i, kind in enumerate(bounds) if kind != "hard"]
    best: tuple[int, list[list[str]]] | None = None
    for joined in combinations(weak, needed):
        result: list[list[str]] = [list(pieces[0])]
        merged_at: list[int] = []
        for index, piece in enumerate(pieces[1:]):
            if index in joined:
                glue = ["and"] if bounds[index] == "soft" else []
                result[-1] = result[-1] + glue + list(piece)
                merged_at.append(len(result) - 1)
            else:
                result.append(list(piece))
        merged = set(merged_at)
        known = sum(normalise_name(" ".join(result[i]).replace("_", " ")) in forms for i in merged)
        all_soft = all(bounds[i] == "soft" for i in joined)
        if known == len(merged) or all_soft:
            rank = known * 2 + all_soft
            if best is None or rank > best[0]:
                best = (rank, result)
    return best[1] if best else pieces


def _split_by_hints(
    pieces: list[list[str]], forms: Mapping[str, str], room: int = DRAWINGS
) -> list[list[str]]:
    """Too few pieces: a run like 'cactus sombrero llama' may be several known drawings."""
    result: list[list[str]] = []
    for index, piece in enumerate(pieces):
        left = room - len(result) - (len(pieces) - index - 1)
        parts = None
        if len(piece) > 1 and normalise_name(" ".join(piece)) not in forms:
            parts = _segment(piece, forms)
        if parts and 1 < len(parts) <= left:
            result.extend(part.split() for part in parts)
        else:
            result.append(piece)
    return result


def pick_names(
    alternatives: Sequence[str], hints: Iterable[str] = (), room: int = DRAWINGS
) -> tuple[tuple[str, ...], bool]:
    """The names in the recogniser's alternatives, one to `room` of them.

    A reading made only of known drawings (hints, names already said) beats one with unknown
    words: a grammar's phrase is surer than an open model's guess. Then a reading that gives
    exactly `room` names, then the better ranked. The flag is False when nothing fits (all
    empty, or more than `room`; the names are then the first reading with too many).
    """
    hints = tuple(hints)
    forms = _hint_forms(hints)
    parsed = [split_names(text, hints) for text in alternatives if isinstance(text, str)]
    if not any(
        0 < len(names) <= room for names in parsed
    ):  # "fish and chips" as the last drawing: one
        parsed += [
            split_names(_AND_WORD.sub("_and_", text.lower()), hints)
            for text in alternatives
            if isinstance(text, str)
        ]
    fitting = [(rank, names) for rank, names in enumerate(parsed) if 0 < len(names) <= room]
    if fitting:

        def preference(item: tuple[int, tuple[str, ...]]) -> tuple[bool, bool, int]:
            rank, names = item
            return not all(normalise_name(n) in forms for n in names), len(names) != room, rank

        return min(fitting, key=preference)[1], True
    too_many = next((names for names in parsed if len(names) > room), ())
    return too_many, False


def with_article(name: str) -> str:
    """'cactus' -> 'a cactus', 'owl' -> 'an owl'; what looks plural ('mittens') stays as it is."""
    if singular(name) != name:
        return name
    return ("an " if name[0] in "aeiou" else "a ") + name


def spoken_forms(names: Iterable[str]) -> tuple[str, ...]:
    """How a drawing is said: 'i drew a cactus', 'a cactus', 'cactus'.

    A grammar recogniser hears the long form far better (measured with PocketSphinx on
    espeak-ng voices: 39 of 40 names right, against 31 for the bare word, which it also took
    for commands three times).
    """
    forms: list[str] = []
    for name in names:
        forms += [f"i drew {with_article(name)}", with_article(name), name]
    return tuple(dict.fromkeys(forms))


def drawing_key(name: str, same: Mapping[str, str] = {}) -> str:
    """What two names of one drawing share: the normal form without spaces ("sea horse" is
    "seahorse"), through the deck's words for the same thing ("kitty" is "cat")."""
    key = normalise_name(name)
    return same.get(key, key).replace(" ", "")


def synonyms(sets: Iterable[Iterable[str]]) -> dict[str, str]:
    """The deck's [same] lists as a map from each normal form to its list's first."""
    out: dict[str, str] = {}
    for names in sets:
        forms = [normalise_name(n) for n in names]
        for form in forms:
            out[form] = forms[0]
    return out


def group_drawings(
    drawings: Sequence[Sequence[str]], same: Mapping[str, str] = {}
) -> tuple[Group, ...]:
    """Put every named drawing with the earlier ones of the same name (drawing_key).

    Names are words a recogniser wrote, not typed text with typos: two names that differ by
    a letter are different drawings ("plane" and "planet", "car" and "cart", "cow" and
    "crow"), so spelling is not compared; only the deck's lists of words for one thing
    ("kitty", "cat") join different names, and such a group is read with each name and a
    question. Groups several players drew are numbered first, in order of first appearance.
    """
    clusters: dict[str, list[Entry]] = {}
    for seat, names in enumerate(drawings, 1):
        for name in names:
            clusters.setdefault(drawing_key(name, same), []).append(Entry(seat, name))
    shared = [c for c in clusters.values() if len({e.seat for e in c}) > 1]
    alone = [c for c in clusters.values() if len({e.seat for e in c}) == 1]
    return tuple(Group(number, tuple(c)) for number, c in enumerate(shared + alone, 1))


def _free_number(groups: Iterable[Group], taken: Iterable[int] = ()) -> int:
    used = {g.number for g in groups} | set(taken)
    number = 1
    while number in used:
        number += 1
    return number


def merge_groups(groups: tuple[Group, ...], first: int, second: int) -> tuple[Group, ...]:
    """The lower number absorbs the other group, keeping every invalid vote."""
    low, high = sorted((first, second))
    a, b = _find(groups, low), _find(groups, high)
    merged = Group(low, a.entries + b.entries, a.invalid | b.invalid)
    return tuple(merged if g.number == low else g for g in groups if g.number != high)


def split_group(groups: tuple[Group, ...], number: int) -> tuple[Group, ...]:
    """One group per drawing; the first keeps the number, the others take the smallest free ones."""
    group = _find(groups, number)
    result = [g for g in groups if g.number != number]
    taken: list[int] = []
    for index, entry in enumerate(group.entries):
        new_number = number if index == 0 else _free_number(result, taken + [number])
        taken.append(new_number)
        result.append(Group(new_number, (entry,), group.invalid & {entry.seat}))
    return tuple(sorted(result, key=lambda g: g.number))


def take_out(groups: tuple[Group, ...], seat: int, number: int) -> tuple[Group, ...]:
    """Move `seat`'s drawings of group `number` into a group of their own."""
    group = _find(groups, number)
    mine = tuple(e for e in group.entries if e.seat == seat)
    rest = tuple(e for e in group.entries if e.seat != seat)
    kept = Group(number, rest, group.invalid - {seat})
    moved = Group(_free_number(groups), mine, group.invalid & {seat})
    others = [kept if g.number == number else g for g in groups]
    return tuple(sorted(others + [moved], key=lambda g: g.number))


def mark(groups: tuple[Group, ...], number: int, invalid: frozenset[int]) -> tuple[Group, ...]:
    return tuple(replace(g, invalid=invalid) if g.number == number else g for g in groups)


def _contradicts(verb: str, heard: str) -> bool:
    """Whether the words heard say the opposite of `verb`: "valid" taken from "in valid group
    two" or "group two is not valid"; "invalid" or "player four invalid" without the word."""
    words = _words(heard)
    if not any("valid" in word for word in words):  # no word to check it by (a value, not speech)
        return False
    text = " ".join(words)
    negative = "invalid" in words or "in valid" in text or "not" in words or "isn't" in words
    return not negative if verb in ("invalid", "void") else negative


def _find(groups: Iterable[Group], number: int) -> Group:
    for group in groups:
        if group.number == number:
            return group
    raise KeyError(number)


# ---------------------------------------------------------------------------- speech helpers


def spoken(n: int) -> str:
    """A number as words ('twenty three'): grammar phrases and spoken lines have no digits."""
    return number_word(n)


def seats_words(seats: Iterable[int]) -> str:
    return content.spoken_list(spoken(s) for s in seats)


def _seat_values(value: Any) -> tuple[int, ...]:
    """A reveal answer: a seat (int) or 'a b' for two seats."""
    if isinstance(value, int):
        return (value,)
    return tuple(int(part) for part in str(value).split())


# ---------------------------------------------------------------------------- the game


class WhatTheFake:
    """The rules of What the Fake?! as a pure state machine."""

    id = "what_the_fake"
    title = "What the Fake"

    def __init__(
        self, cards: tuple[Card, ...], lines: Lines, same: Mapping[str, str] | None = None
    ) -> None:
        self.cards = cards
        self.lines = lines
        self.same = dict(same or {})  # the deck's words for one drawing ("kitty": "cat")

    def _line(self, name: str, **fields: Any) -> str:
        text = self.lines(name, **fields)
        return text[:1].upper() + text[1:]

    def _points(self, n: int) -> str:
        return self.lines("point" if n == 1 else "points", n=spoken(n))

    def _by_points(self, points: Sequence[int]) -> str:
        """'three for player five; one for players one, two and four; none for three': the seats
        with the same points said together, most first (eight players' points in a breath)."""
        items = []
        for value in sorted(set(points), reverse=True):
            seats = [seat for seat, p in enumerate(points, 1) if p == value]
            amount = self.lines("no_points") if value == 0 else spoken(value)
            line = "points_for_one" if len(seats) == 1 else "points_for_many"
            items.append(
                self.lines(line, points=amount, seat=spoken(seats[0]), seats=seats_words(seats))
            )
        return "; ".join(items)

    def _many(self, name: str, **fields: Any) -> tuple[str, ...]:
        return tuple(t.format(**fields) for t in self.lines.many(name))

    # ------------------------------------------------------------ set-up

    def new(self, options: Mapping[str, Any], rng: random.Random) -> State:
        players = self._players_option(options.get("players"))
        mode = self._enum_option(Mode, options.get("mode"), "bad_mode")
        scoring = self._enum_option(Scoring, options.get("scoring"), "bad_scoring") or Scoring.FULL
        time_limit = self._time_option(options.get("time_limit"))
        order = list(range(len(self.cards)))
        rng.shuffle(order)
        state = State(Phase.PLAYERS, players, mode, scoring, time_limit, tuple(order), ())
        return self._after_setup(state, rng)

    def _players_option(self, value: Any) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not str(value).strip().isdigit():
            raise RulesError(self.lines("players_not_number", value=repr(value)))
        players = int(value)
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(self.lines("players_out_of_range", players=players))
        return players

    def _enum_option(self, kind: type[enum.Enum], value: Any, line: str) -> Any:
        if value is None:
            return None
        try:
            return kind(str(value).strip().lower())
        except ValueError:
            raise RulesError(self.lines(line, value=repr(value))) from None

    def _time_option(self, value: Any) -> float | None:
        if value is None:
            return None
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            seconds = -1.0
        if isinstance(value, bool) or not seconds > 0 or math.isinf(seconds):
            raise RulesError(self.lines("bad_time_limit", value=repr(value)))
        return seconds

    def _after_setup(self, state: State, rng: random.Random) -> State:
        if state.players is None:
            return replace(state, phase=Phase.PLAYERS)
        if state.mode is None:
            return replace(state, phase=Phase.MODE)
        return self._start_round(replace(state, totals=(0,) * state.players), rng)

    # ------------------------------------------------------------ rounds

    def rounds(self, state: State) -> int:
        return round_count(state.players, state.mode) if state.players and state.mode else 0

    def _draw_card(self, state: State, rng: random.Random) -> State:
        """Discard the card shown and turn the next one, reshuffling the discards if needed."""
        discards = state.discards + ((state.card,) if state.card is not None else ())
        pile = state.pile
        if not pile:
            refill = list(discards[:-1]) if discards else []
            rng.shuffle(refill)
            pile, discards = tuple(refill), discards[-1:]
        return replace(state, pile=pile[1:], discards=discards, card=pile[0])

    def _start_round(self, state: State, rng: random.Random) -> State:
        round_ = state.round + 1
        roles = (
            roles_with(state.players, open_forgers(state.players, round_))
            if state.mode is Mode.OPEN
            else None
        )
        state = replace(
            state,
            phase=Phase.THEME,
            round=round_,
            skips=0,
            started=False,
            shouts=0,
            roles=roles,
            named=(),
            drawings=(),
            naming=(),
            pending=(),
            groups=(),
            corrections=0,
            changing=False,
            points=(),
        )
        return self._draw_card(state, rng)

    def _finish_round(
        self, state: State, points: Sequence[int], rng: random.Random
    ) -> tuple[State, tuple[str, ...]]:
        totals = tuple(t + p for t, p in zip(state.totals, points))
        first = not state.history
        state = replace(state, totals=totals, history=state.history + (tuple(points),))
        say: tuple[str, ...] = (
            self._line("round_points", round=spoken(state.round), points=self._by_points(points)),
        )
        if not first:  # after the first round the totals are its points: said once
            say += (self._line("totals", points=self._by_points(totals)),)
        if state.round >= self.rounds(state):
            return replace(state, phase=Phase.OVER), say
        return self._start_round(state, rng), say

    def _after_drawing(self, state: State) -> State:
        if state.mode is Mode.HIDDEN:
            return replace(state, phase=Phase.REVEAL)
        return self._after_reveal(state)

    def _after_reveal(self, state: State) -> State:
        return replace(state, phase=Phase.NAMING if state.scoring is Scoring.FULL else Phase.POINTS)

    # ------------------------------------------------------------ steps

    def step(self, state: State) -> Step:
        if state.phase is Phase.OVER:
            return self._end(state)
        return {
            Phase.PLAYERS: self._ask_players,
            Phase.MODE: self._ask_mode,
            Phase.THEME: self._ask_theme,
            Phase.DRAWING: self._ask_drawing,
            Phase.REVEAL: self._ask_reveal,
            Phase.NAMING: self._ask_names,
            Phase.GROUPS: self._ask_groups,
            Phase.POINTS: self._ask_points,
        }[state.phase](state)

    def _ask_players(self, state: State) -> Ask:
        choices = tuple(
            Choice(n, (spoken(n), f"{spoken(n)} players", f"we are {spoken(n)}"))
            for n in range(1, 13)
        )
        return Ask(
            "what_the_fake.players",
            (self.lines("ask_players"),),
            choices,
            reprompts=self.lines.many("players_reprompts"),
            expected=self.lines("players_expected"),
            endpoint=0.5,
        )

    def _ask_mode(self, state: State) -> Ask:
        choices = (
            Choice(Mode.OPEN.value, ("open", "open roles", "open mode", "face up", "first game")),
            Choice(
                Mode.HIDDEN.value,
                ("hidden", "hidden roles", "hidden mode", "face down", "secret roles"),
            ),
        )
        return Ask(
            "what_the_fake.mode",
            (self.lines("ask_mode"),),
            choices,
            reprompts=self.lines.many("mode_reprompts"),
            expected=self.lines("mode_expected"),
            endpoint=0.5,
        )

    def _ask_theme(self, state: State) -> Ask:
        card = self.cards[state.card]
        if state.skips:
            say: tuple[str, ...] = (self.lines("new_theme", city=card.city, theme=card.theme),)
        else:
            say = (
                ((self.lines("intro"),) if state.round == 1 else ())
                + (
                    self.lines(
                        "round_start", round=spoken(state.round), rounds=spoken(self.rounds(state))
                    ),
                )
                + self._roles_lines(state)
                + (self.lines("theme", city=card.city, theme=card.theme),)
            )
        choices = (
            Choice("go", ("go", "start", "start drawing", "ready", "let us draw", "we are ready")),
            Choice(
                "another",
                (
                    "another theme",
                    "new theme",
                    "change the theme",
                    "another one",
                    "different theme",
                ),
            ),
            Choice(
                "shout", ("what the fake",)
            ),  # shouted before "start drawing": the drawing had begun
        )
        return Ask(
            "what_the_fake.theme",
            say + (self.lines("theme_prompt"),),
            choices,
            reprompts=self.lines.many("theme_reprompts"),
            expected=self.lines("theme_expected"),
            skippable=True,
            endpoint=0.5,
        )

    def _roles_lines(self, state: State) -> tuple[str, ...]:
        n = state.players
        if state.mode is Mode.HIDDEN:
            line = "deal_one" if forger_count(n) == 1 else "deal_two"
            return (self.lines(line, artists=spoken(n - forger_count(n))),)
        forgers = open_forgers(n, state.round)
        if len(forgers) == 1:
            line = self.lines("one_forger", seat=spoken(forgers[0]))
        else:
            line = self.lines("two_forgers", first=spoken(forgers[0]), second=spoken(forgers[1]))
        return ((self.lines("pass_roles"),) if state.round > 1 else ()) + (line,)

    def _ask_drawing(self, state: State) -> Ask:
        n = state.players
        if state.started:
            say: tuple[str, ...] = (self._line("done", count=spoken(state.shouts)),)
        else:
            say = (self.lines("draw"),)
        choices = (
            Choice(
                "shout", ("what the fake",)
            ),  # variants ("what a fake") would split its confidence
            Choice("stop", ("stop drawing", "stop", "pencils down", "time is up")),
        ) + tuple(
            Choice(
                k,
                (
                    f"{spoken(k)} done",
                    f"{spoken(k)} finished",
                    f"{spoken(k)} player{'' if k == 1 else 's'} done",
                )
                + (("none done",) if k == 0 else ()),
            )
            for k in range(0, n + 1)
        )
        return Ask(
            "what_the_fake.drawing",
            say,
            choices,
            timeout=state.time_limit,
            countdown=state.time_limit is not None,
            deadline=f"what_the_fake.drawing.{state.round}",
            # said by the engine with the time really left (after a pause, a resume, an undo)
            time_line=self.lines("draw_time", seconds="{seconds}") if not state.started else "",
            reprompts=(),  # no reprompts: the table is drawing, not stuck
            expected=self.lines("drawing_expected"),
            endpoint=0.5,
        )

    def _ask_reveal(self, state: State) -> Ask:
        n, wanted = state.players, forger_count(state.players)
        seats = [s for s in range(1, n + 1) if s not in state.named]
        choices = tuple(
            Choice(
                s,
                (
                    spoken(s),
                    f"player {spoken(s)}",
                    f"number {spoken(s)}",
                    f"seat {spoken(s)}",
                    f"it was player {spoken(s)}",
                    f"the forger is player {spoken(s)}",
                ),
            )
            for s in seats
        )
        if wanted == 1:
            say, expected = (self.lines("ask_forger"),), self.lines("forger_expected")
        elif state.named:
            say, expected = (
                (self.lines("ask_other_forger", seat=spoken(state.named[0])),),
                self.lines("forger_expected"),
            )
        else:
            say, expected = (self.lines("ask_forgers"),), self.lines("forgers_expected")
            choices += tuple(
                Choice(
                    f"{a} {b}",
                    (
                        f"{spoken(a)} and {spoken(b)}",
                        f"{spoken(b)} and {spoken(a)}",
                        f"players {spoken(a)} and {spoken(b)}",
                        f"players {spoken(b)} and {spoken(a)}",
                        f"it was players {spoken(a)} and {spoken(b)}",
                    ),
                )
                for a, b in combinations(seats, 2)
            )
        return Ask(
            "what_the_fake.forgers",
            say,
            choices,
            reprompts=self.lines.many("forger_reprompts"),
            expected=expected,
            confirm=True,
            endpoint=0.5,
        )

    def _ask_names(self, state: State) -> Ask:
        seat = spoken(len(state.drawings) + 1)
        hints = spoken_forms(self._known_names(state))
        if state.pending:  # yes, no, or the drawing said again
            names = content.spoken_list(state.pending)
            done = Choice("done", DONE_PHRASES)
            return Ask(
                "what_the_fake.check_names",
                (self.lines("check_names", names=names),),
                yes_no() + (done,),
                free=True,
                hints=hints,
                reprompts=self._many("check_names_reprompts", names=names),
                expected=self.lines("check_names_expected"),
                endpoint=0.5,
            )
        if state.naming:
            say = self._line("ask_next_name", names=", ".join(state.heard or state.naming[-1:]))
            reprompts = self._many("next_name_reprompts", seat=seat)
        else:  # how to name is said in full to the first player of the game; then "Player two, your drawings?"
            full = state.round == 1 and not state.drawings
            say = self.lines("ask_names" if full else "ask_names_short", seat=seat)
            reprompts = self._many("names_reprompts", seat=seat)
        choices = (
            Choice(
                "nothing",
                (
                    "nothing",
                    "no drawings",
                    "none",
                    "i drew nothing",
                    "i drew nothing at all",
                    "i have no drawings",
                )
                + DONE_PHRASES,
            ),
        )
        return Ask(
            "what_the_fake.names",
            (say,),
            choices,
            free=True,
            hints=hints,
            reprompts=reprompts,
            expected=self.lines("names_expected"),
            endpoint=0.5,
        )

    def _known_names(self, state: State) -> tuple[str, ...]:
        """The theme's typical drawings, then every name said this round: a Forger's copy is one."""
        heard = tuple(name for names in state.drawings + (state.naming,) for name in names)
        return tuple(dict.fromkeys(self.cards[state.card].hints + heard))

    def _ask_groups(self, state: State) -> Ask:
        if state.changing:
            say: tuple[str, ...] = (self.lines("which_change"),)
        elif state.corrections:
            say = (self.lines("groups_again"),)
        else:  # the ways to correct are said in full in the first round only
            say = (self.lines("groups_prompt" if state.round == 1 else "groups_prompt_short"),)
        again = (
            (self.lines("groups_intro"),) + self._list_groups(state.groups) + say
        )  # "repeat", a resume
        return Ask(
            "what_the_fake.groups",
            say,
            self._group_choices(state.groups, asked_more=bool(state.corrections or state.changing)),
            reprompts=self.lines.many("groups_reprompts"),
            expected=self.lines("groups_expected"),
            endpoint=0.5,
            again=again,
        )

    def _group_choices(
        self, groups: tuple[Group, ...], asked_more: bool = False
    ) -> tuple[Choice, ...]:
        """Count the points, list, or a correction by group number or by drawing name.

        "Yes" and "no" answer the question gm asked: after "Is that right?" a yes counts the
        points and a no asks which change; after "Anything else?" it is the other way round.
        "Valid group N" and "invalid group N" are both always listened for, so that neither is
        ever taken as a near match of the other (apply also checks the words heard)."""
        yes, no = ("yes", "yeah", "yep", "that's right"), ("no", "nope", "not quite")
        done = (
            "count the points",
            "correct",
            "the groups are right",
            "all good",
            "looks good",
            "no changes",
            "nothing else",
            "no more changes",
            "that's all",
        )
        choices = [
            Choice("correct", done + (no if asked_more else yes)),
            Choice("more", (yes if asked_more else no) + ("one more change", "another change")),
            Choice(
                "list", ("list the groups", "read the groups", "read them again", "all the groups")
            ),
        ]
        numbers = [g.number for g in groups]
        for a, b in combinations(numbers, 2):
            sa, sb = spoken(a), spoken(b)
            choices.append(
                Choice(
                    f"merge {a} {b}",
                    (
                        f"groups {sa} and {sb} are the same",
                        f"groups {sb} and {sa} are the same",  # heard best
                        f"group {sa} same as group {sb}",
                        f"group {sb} same as group {sa}",
                        f"merge {sa} and {sb}",
                        f"merge {sb} and {sa}",
                    ),
                )
            )
        for g in groups:
            n = spoken(g.number)
            if len(g.entries) > 1:
                choices.append(Choice(f"split {g.number}", (f"split group {n}", f"split {n}")))
            if len(g.seats) > 1:
                for seat in g.seats:
                    s = spoken(seat)
                    choices.append(
                        Choice(
                            f"out {seat} {g.number}",
                            (
                                f"take player {s} out of group {n}",
                                f"player {s} out of group {n}",
                                f"player {s} is different in group {n}",
                            ),
                        )
                    )
                    if seat not in g.invalid:
                        choices.append(
                            Choice(
                                f"void {seat} {g.number}",
                                (
                                    f"player {s} invalid in group {n}",
                                    f"invalid for player {s} in group {n}",
                                ),
                            )
                        )
            choices.append(
                Choice(
                    f"invalid {g.number}",
                    (f"invalid group {n}", f"group {n} is invalid", f"group {n} is not valid"),
                )
            )
            choices.append(
                Choice(
                    f"valid {g.number}",
                    (f"valid group {n}", f"group {n} is valid", f"group {n} counts"),
                )
            )
        combined: dict[str, list[str]] = {}
        for choice in choices + self._name_choices(
            groups
        ):  # a merge said by number or by name is one choice
            combined.setdefault(choice.value, []).extend(choice.phrases)
        return tuple(
            Choice(value, tuple(dict.fromkeys(phrases))) for value, phrases in combined.items()
        )

    def _name_choices(self, groups: tuple[Group, ...]) -> list[Choice]:
        """Corrections by drawing name: "kitty is the same as cat" merges their groups, "kitty is
        not cat" takes the kittens out of the group they share with the cats."""
        where: dict[str, int] = {}
        for group in sorted(groups, key=lambda g: g.number):
            for entry in group.entries:
                name = normalise_name(entry.name)
                if PHRASE.fullmatch(name):
                    where.setdefault(name, group.number)
        merges: dict[str, list[str]] = {}
        aparts: list[Choice] = []
        for a, b in combinations(sorted(where), 2):
            if where[a] != where[b]:
                low, high = sorted((where[a], where[b]))
                merges.setdefault(f"merge {low} {high}", []).extend(
                    (
                        f"{a} is the same as {b}",
                        f"{b} is the same as {a}",
                        f"{a} and {b} are the same",
                        f"{b} and {a} are the same",
                    )
                )
        for group in groups:
            names = sorted({normalise_name(e.name) for e in group.entries} & set(where))
            for a in names:
                others = [b for b in names if b != a]
                for b in others:
                    aparts.append(
                        Choice(
                            f"apart {group.number} {a}|{b}",
                            (
                                f"{a} is not {b}",
                                f"{a} is different from {b}",
                                f"{a} and {b} are different",
                            ),
                        )
                    )
        return [
            Choice(value, tuple(dict.fromkeys(phrases))) for value, phrases in merges.items()
        ] + aparts

    def _ask_points(self, state: State) -> Ask:
        seat = len(state.points) + 1
        role = "forger" if state.roles and state.roles[seat - 1] is Role.FORGER else "artist"
        choices = tuple(
            Choice(
                p,
                (spoken(p), self._points(p), f"i scored {self._points(p)}")
                + (("no points", "nothing", "i scored no points") if p == 0 else ()),
            )
            for p in range(0, DRAWINGS + 1)
        )
        return Ask(
            "what_the_fake.points",
            (self.lines("ask_points", seat=spoken(seat), role=self.lines(role)),),
            choices,
            reprompts=self._many("points_reprompts", seat=spoken(seat)),
            expected=self.lines("points_expected"),
            endpoint=0.5,
        )

    def _end(self, state: State) -> End:
        best = winners(state.totals)
        top = self._points(state.totals[best[0] - 1])
        result = (
            self.lines("winner", seat=spoken(best[0]), points=top)
            if len(best) == 1
            else self.lines("winners", seats=seats_words(best), points=top)
        )
        return End((self.lines("game_over"),) + self.score(state)[1:] + (result,), best)

    # ------------------------------------------------------------ the group announcement

    def _group_lines(self, group: Group, ask: bool = False) -> tuple[str, ...]:
        n = spoken(group.number)
        if len(group.seats) > 1:
            line = self.lines(
                "group_shared",
                number=n,
                drawing=self._drawings(group),
                seats=seats_words(group.seats),
            )
        else:
            line = self.lines(
                "group_one_seat",
                number=n,
                drawing=self._drawings(group),
                seat=spoken(group.seats[0]),
            )
        mixed = len({normalise_name(e.name) for e in group.entries}) > 1
        return (
            (line,)
            + ((self.lines("same_question"),) if mixed and ask else ())
            + self._invalid_lines(group)
        )

    def _drawings(self, group: Group) -> str:
        """Every different drawing a group holds ("cat or kitty"), so the table can hear a wrong one."""
        names = list(dict.fromkeys(normalise_name(e.name) for e in group.entries))
        return content.spoken_list(names, "or")

    def _invalid_lines(self, group: Group) -> tuple[str, ...]:
        n = spoken(group.number)
        if group.void:
            return (self.lines("invalid_note", number=n),)
        if group.invalid:
            return (self.lines("void_note", number=n, seats=seats_words(sorted(group.invalid))),)
        return ()

    def _list_groups(self, groups: tuple[Group, ...]) -> tuple[str, ...]:
        if not groups:
            return (self.lines("no_groups"),)
        lines: list[str] = []
        alone = []
        for group in sorted(groups, key=lambda g: g.number):
            if len(group.seats) > 1:
                lines.extend(self._group_lines(group, ask=True))
            else:
                alone.append(group)
        by_seat: dict[int, list[Group]] = {}
        for group in alone:  # a short list per player, not one long sentence
            by_seat.setdefault(group.seats[0], []).append(group)
        for seat in sorted(by_seat):
            items = [
                self.lines("single_item", number=spoken(g.number), drawing=self._drawings(g))
                for g in by_seat[seat]
            ]
            lines.append(self.lines("singles", seat=spoken(seat), items="; ".join(items)))
        lines.extend(line for g in alone for line in self._invalid_lines(g))
        return tuple(lines)

    # ------------------------------------------------------------ answers

    def apply(self, state: State, ask: Ask, answer: Answer, rng: random.Random) -> Outcome:
        return {
            Phase.PLAYERS: self._apply_players,
            Phase.MODE: self._apply_mode,
            Phase.THEME: self._apply_theme,
            Phase.DRAWING: self._apply_drawing,
            Phase.REVEAL: self._apply_reveal,
            Phase.NAMING: self._apply_names,
            Phase.GROUPS: self._apply_groups,
            Phase.POINTS: self._apply_points,
        }[state.phase](state, answer, rng)

    def _apply_players(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        players = answer.value
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            said = spoken(players) if isinstance(players, int) else players
            return Outcome(
                state, (self.lines("players_out_of_range", players=said),), accepted=False
            )
        state = self._after_setup(replace(state, players=players), rng)
        decision = self.lines("decision_players", players=spoken(players))
        return Outcome(
            state, (self._line("decision_players", players=spoken(players)) + ".",), decision
        )

    def _apply_mode(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        mode = Mode(answer.value)
        state = self._after_setup(replace(state, mode=mode), rng)
        line = "mode_open" if mode is Mode.OPEN else "mode_hidden"
        say = self._line(line, rounds=spoken(self.rounds(state)))
        return Outcome(state, (say,), self.lines("decision_mode", mode=mode.value))

    def _apply_theme(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        card = self.cards[state.card]
        if answer.kind is AnswerKind.SKIP or answer.value == "another":
            state = replace(self._draw_card(state, rng), skips=state.skips + 1)
            return Outcome(state, (), self.lines("decision_skip", city=card.city, theme=card.theme))
        if answer.value == "shout":  # the table drew without saying "start drawing"; one is done
            drawing = replace(state, phase=Phase.DRAWING, started=True, shouts=1)
            return Outcome(
                drawing,
                (self._line("done", count=spoken(1)),),
                self.lines("decision_go_shout", theme=card.theme),
            )
        return Outcome(
            replace(state, phase=Phase.DRAWING), (), self.lines("decision_go", theme=card.theme)
        )

    def _apply_drawing(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        enough = state.players - 1
        if answer.kind is AnswerKind.TIMEOUT:  # the engine has just said "Time!"
            return Outcome(
                self._after_drawing(state),
                (self.lines("stop_drawing"),),
                self.lines("decision_timeout"),
            )
        if answer.value == "stop":
            return Outcome(
                self._after_drawing(state),
                (self.lines("stop_drawing"),),
                self.lines("decision_stop"),
            )
        if answer.value == "shout":
            shouts = state.shouts + 1
            decision = self.lines("decision_shout", count=spoken(min(shouts, enough)))
        else:
            shouts = int(answer.value)
            decision = self.lines("decision_count", count=spoken(shouts))
        state = replace(state, shouts=min(shouts, enough), started=True)
        if state.shouts >= enough:
            say = (self._line("done", count=spoken(state.shouts)), self.lines("stop_drawing"))
            return Outcome(self._after_drawing(state), say, decision)
        return Outcome(state, (), decision)

    def _apply_reveal(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        seats = _seat_values(answer.value)
        named = state.named + seats
        if len(set(named)) < len(named) or not all(1 <= s <= state.players for s in seats):
            repeated = next(
                s
                for s in seats
                if s in state.named or seats.count(s) > 1 or not 1 <= s <= state.players
            )
            return Outcome(
                state, (self.lines("already_named", seat=spoken(repeated)),), accepted=False
            )
        if len(named) < forger_count(state.players):
            return Outcome(
                replace(state, named=named),
                (),
                self.lines("decision_forger", seat=spoken(seats[0])),
            )
        forgers = tuple(sorted(named))
        state = self._after_reveal(
            replace(state, named=forgers, roles=roles_with(state.players, forgers))
        )
        if len(forgers) == 1:
            say = self.lines("revealed_one", seat=spoken(forgers[0]))
        else:
            say = self.lines("revealed_two", first=spoken(forgers[0]), second=spoken(forgers[1]))
        return Outcome(state, (say,), self.lines("decision_forgers", seats=seats_words(forgers)))

    def _apply_names(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        seat = spoken(len(state.drawings) + 1)
        if state.pending:
            return self._apply_check(state, answer, rng)
        if answer.kind is AnswerKind.FREE:
            alternatives = answer.value if isinstance(answer.value, list) else [str(answer.value)]
            known = self._known_names(state)
            names, ok = pick_names(alternatives, known, DRAWINGS - len(state.naming))
            if not ok:
                line = (
                    ("names_too_many", dict(names=content.spoken_list(names)))
                    if names
                    else ("names_unclear", {})
                )
                return Outcome(state, (self.lines(line[0], seat=seat, **line[1]),), accepted=False)
            forms = _hint_forms(known)
            if not all(
                normalise_name(name) in forms for name in names
            ):  # the open model's guess: check it
                return Outcome(
                    replace(state, pending=names),
                    (),
                    self.lines("decision_heard_names", seat=seat, names=content.spoken_list(names)),
                )
            return self._add_names(state, names)
        # "that's all", or "nothing" before any name
        decision = self.lines(
            "decision_no_more" if state.naming else "decision_no_names", seat=seat
        )
        return self._finish_naming(state, decision)

    def _apply_check(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        """The answer to "I heard flying pig. Is that right?".

        Yes or no, alone or in one breath with more: "yes, and a dog" writes both down, "yes,
        that's all" ends the list, "no, a frying pan" replaces the doubtful name. A name said
        again alone replaces it only if it sounds like it (SAID_AGAIN): other drawings, or
        "that's all", are not answers to the check (most likely the next player has started),
        so gm asks again instead of writing them down for this player."""
        seat = spoken(len(state.drawings) + 1)
        names = state.pending
        checked = replace(state, pending=())
        dropped = Outcome(
            checked,
            (self.lines("names_dropped"),),
            self.lines("decision_not_names", seat=seat, names=content.spoken_list(names)),
        )
        again = Outcome(
            state, (self.lines("check_first", names=content.spoken_list(names)),), accepted=False
        )
        if answer.kind is AnswerKind.CHOICE:
            if answer.value is True:
                return self._add_names(checked, names)
            return dropped if answer.value is False else again
        if answer.kind is not AnswerKind.FREE:
            return again
        alternatives = answer.value if isinstance(answer.value, list) else [str(answer.value)]
        words = _words(str(alternatives[0]) if alternatives else "")
        rest = " ".join(w for w in words[1:])
        if words and words[0] in YES_WORDS:
            outcome = self._add_names(checked, names)
            more = " ".join(w for w in rest.split() if w not in SOFT)
            if not more or outcome.state.phase is not Phase.NAMING or not outcome.state.naming:
                return outcome  # the list is full or over: what follows is not this player's
            if more in {" ".join(_words(p)) for p in DONE_PHRASES}:
                finished = self._finish_naming(
                    outcome.state, self.lines("decision_no_more", seat=seat)
                )
                return replace(
                    finished,
                    say=outcome.say + finished.say,
                    decision=f"{outcome.decision}; {finished.decision}",
                )
            follow = self._apply_names(outcome.state, Answer(AnswerKind.FREE, [more], more), rng)
            if not follow.accepted:
                return outcome
            return replace(
                follow,
                say=outcome.say + follow.say,
                decision=f"{outcome.decision}; {follow.decision}",
            )
        if words and words[0] in NO_WORDS:
            if not rest:
                return dropped
            follow = self._apply_names(checked, Answer(AnswerKind.FREE, [rest], rest), rng)
            return follow if follow.accepted else dropped
        heard, ok = pick_names(alternatives, self._known_names(checked), len(names))
        if not ok or not all(
            max(fuzz.ratio(normalise_name(h), normalise_name(n)) for n in names) >= SAID_AGAIN
            for h in heard
        ):
            return again
        return self._apply_names(checked, answer, rng)

    def _add_names(self, state: State, names: tuple[str, ...]) -> Outcome:
        seat = spoken(len(state.drawings) + 1)
        decision = self.lines("decision_names", seat=seat, names=content.spoken_list(names))
        state = replace(state, naming=state.naming + names, heard=names)
        if len(state.naming) < DRAWINGS:
            return Outcome(state, (), decision)
        return self._finish_naming(state, decision, echo=True)

    def _finish_naming(self, state: State, decision: str, echo: bool = False) -> Outcome:
        """The player's list is complete: say it back; after the last player, group the drawings."""
        seat = spoken(len(state.drawings) + 1)
        naming, heard = state.naming, state.heard
        drawings = state.drawings + (naming,)
        state = replace(state, drawings=drawings, naming=(), heard=())
        listing: tuple[str, ...] = ()
        if len(drawings) == state.players:
            # the exhibition is read once, here; the groups ask then asks only "Is that right?"
            # (a refused correction repeats the ask, and must not read every group again)
            state = replace(state, phase=Phase.GROUPS, groups=group_drawings(drawings, self.same))
            listing = (self.lines("groups_intro"),) + self._list_groups(state.groups)
        if not naming:
            return Outcome(state, (self.lines("names_none", seat=seat),) + listing, decision)
        if echo:  # each name is said back as it comes: only the last ones are new to the table
            return Outcome(
                state,
                (self._line("names_heard", seat=seat, names=", ".join(heard)),) + listing,
                decision,
            )
        return Outcome(state, listing, decision)  # "that's all": every name was said back already

    def _apply_groups(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        if str(answer.value).startswith("apart "):
            return self._apply_apart(state, str(answer.value))
        verb, *args = str(answer.value).split()
        numbers = [int(a) for a in args]
        groups = state.groups
        if verb == "more":
            return Outcome(
                replace(state, changing=True), (), self.lines("decision_change"), transition=True
            )
        if verb in ("valid", "invalid", "void") and _contradicts(verb, answer.heard):
            # a near match between opposite commands ("valid" heard in "in valid group two"): ask
            return Outcome(
                state, (self.lines("valid_or_invalid", number=spoken(numbers[-1])),), accepted=False
            )
        if verb == "correct":
            roles = dict(enumerate(state.roles, 1))
            points = scores(groups, roles)
            state, say = self._finish_round(
                state, [points[s] for s in range(1, state.players + 1)], rng
            )
            return Outcome(state, say, self.lines("decision_correct"))
        if verb == "list":
            return Outcome(state, self._list_groups(groups), accepted=False)
        wanted = numbers if verb == "merge" else numbers[-1:]
        missing = [n for n in wanted if n not in {g.number for g in groups}]
        if missing:
            return Outcome(
                state, (self.lines("no_such_group", number=spoken(missing[0])),), accepted=False
            )
        if verb == "merge":
            a, b = numbers
            groups = merge_groups(groups, a, b)
            say = self._group_lines(_find(groups, min(a, b)))
            decision = self.lines(
                "decision_merge", first=spoken(min(a, b)), second=spoken(max(a, b))
            )
        elif verb == "split":
            (n,) = numbers
            before = {g.number for g in groups} - {n}
            groups = split_group(groups, n)
            say = tuple(
                line for g in groups if g.number not in before for line in self._group_lines(g)
            )
            decision = self.lines("decision_split", number=spoken(n))
        elif verb == "out":
            seat, n = numbers
            before = {g.number for g in groups}
            groups = take_out(groups, seat, n)
            say = tuple(
                line
                for g in groups
                if g.number == n or g.number not in before
                for line in self._group_lines(g)
            )
            decision = self.lines("decision_out", seat=spoken(seat), number=spoken(n))
        elif verb == "invalid":
            (n,) = numbers
            group = _find(groups, n)
            if group.void:
                return Outcome(
                    state,
                    (
                        self.lines(
                            "already_invalid", number=spoken(n), drawing=self._drawings(group)
                        ),
                    ),
                    accepted=False,
                )
            groups = mark(groups, n, frozenset(group.seats))
            say = (self.lines("group_invalid", number=spoken(n), drawing=self._drawings(group)),)
            decision = self.lines("decision_invalid", number=spoken(n))
        elif verb == "void":
            seat, n = numbers
            group = _find(groups, n)
            groups = mark(groups, n, group.invalid | {seat})
            name = next(e.name for e in group.entries if e.seat == seat)
            say = (self.lines("seat_invalid", drawing=name, seat=spoken(seat), number=spoken(n)),)
            decision = self.lines("decision_void", seat=spoken(seat), number=spoken(n))
        elif verb == "valid":
            (n,) = numbers
            group = _find(groups, n)
            if not group.invalid:
                return Outcome(
                    state,
                    (self.lines("already_valid", number=spoken(n), drawing=self._drawings(group)),),
                    accepted=False,
                )
            groups = mark(groups, n, frozenset())
            say = (self.lines("group_valid", number=spoken(n), drawing=self._drawings(group)),)
            decision = self.lines("decision_valid", number=spoken(n))
        else:
            raise ValueError(f"unknown group correction {answer.value!r}")
        return Outcome(
            replace(state, groups=groups, corrections=state.corrections + 1, changing=False),
            say,
            decision,
        )

    def _apply_apart(self, state: State, value: str) -> Outcome:
        """ "Kitty is not cat": the drawings named kitty leave the group for one of their own."""
        _, number, names = value.split(" ", 2)
        name, other = names.split("|")
        n = int(number)
        group = next((g for g in state.groups if g.number == n), None)
        if group is None or name not in {normalise_name(e.name) for e in group.entries}:
            return Outcome(state, (self.lines("no_such_group", number=spoken(n)),), accepted=False)
        mine = tuple(e for e in group.entries if normalise_name(e.name) == name)
        rest = tuple(e for e in group.entries if normalise_name(e.name) != name)
        seats = {e.seat for e in mine}
        kept = Group(n, rest, group.invalid - (seats - {e.seat for e in rest}))
        moved = Group(_free_number(state.groups), mine, group.invalid & seats)
        groups = tuple(
            sorted(
                [kept if g.number == n else g for g in state.groups] + [moved],
                key=lambda g: g.number,
            )
        )
        say = self._group_lines(kept) + self._group_lines(moved)
        decision = self.lines("decision_apart", drawing=name, other=other, number=spoken(n))
        return Outcome(
            replace(state, groups=groups, corrections=state.corrections + 1, changing=False),
            say,
            decision,
        )

    def _apply_points(self, state: State, answer: Answer, rng: random.Random) -> Outcome:
        value = answer.value
        if not isinstance(value, int) or not 0 <= value <= DRAWINGS:
            return Outcome(state, (self.lines("points_expected"),), accepted=False)
        seat = len(state.points) + 1
        points = state.points + (value,)
        decision = self.lines("decision_points", seat=spoken(seat), points=spoken(value))
        if len(points) < state.players:
            return Outcome(replace(state, points=points), (), decision)
        state, say = self._finish_round(replace(state, points=points), points, rng)
        return Outcome(state, say, decision)

    # ------------------------------------------------------------ snapshots

    def public(self, state: State) -> dict:
        card = self.cards[state.card] if state.card is not None else None
        return {
            "round": state.round,
            "rounds": self.rounds(state),
            "players": state.players,
            "mode": state.mode.value if state.mode else None,
            "scoring": state.scoring.value,
            "phase": state.phase.value,
            "roles": (
                {str(seat): role.value for seat, role in enumerate(state.roles, 1)}
                if state.roles is not None
                else None
            ),
            "city": card.city if card else None,
            "theme": card.theme if card else None,
            "shouts": state.shouts,
            "drawings": {
                str(seat): list(names)
                for seat, names in enumerate(
                    state.drawings + ((state.naming,) if state.naming else ()), 1
                )
            },
            "groups": [
                {
                    "number": g.number,
                    "name": g.name,
                    "players": list(g.seats),
                    "names": [e.name for e in g.entries],
                    "invalid": sorted(g.invalid),
                }
                for g in state.groups
            ],
            "scores": {str(seat): total for seat, total in enumerate(state.totals, 1)},
        }

    def score(self, state: State) -> tuple[str, ...]:
        if not state.totals:
            return (self.lines("score_not_started"),)
        head = self.lines(
            "score_round",
            round=spoken(min(state.round, self.rounds(state))),
            rounds=spoken(self.rounds(state)),
        )
        return (head,) + tuple(
            self.lines("score_line", seat=spoken(seat), points=self._points(total))
            for seat, total in enumerate(state.totals, 1)
        )

    # ------------------------------------------------------------ the simulated table

    def demo_line(self, state: State, ask: Ask, rng: random.Random) -> Line:
        """A plausible reply of a simulated table (for `gm demo` and the end-to-end tests).

        It shows what the issue asks for: counts that correct two shouts heard as one,
        Forgers copying the typical drawings, and groups the table corrects before scoring.
        """
        return {
            Phase.PLAYERS: self._demo_players,
            Phase.MODE: self._demo_mode,
            Phase.THEME: self._demo_theme,
            Phase.DRAWING: self._demo_drawing,
            Phase.REVEAL: self._demo_reveal,
            Phase.NAMING: self._demo_names,
            Phase.GROUPS: self._demo_groups,
            Phase.POINTS: self._demo_points,
        }[state.phase](state, ask, rng)

    def _demo_players(self, state: State, ask: Ask, rng: random.Random) -> Line:
        players = rng.choice((3, 3, 4, 5))
        return said(ask, players, f"{spoken(players)} players", 1)

    def _demo_mode(self, state: State, ask: Ask, rng: random.Random) -> Line:
        mode = rng.choice((Mode.OPEN, Mode.HIDDEN))
        return said(ask, mode.value, f"{mode.value} roles", 1)

    def _demo_theme(self, state: State, ask: Ask, rng: random.Random) -> Line:
        seat = rng.randint(1, state.players)
        if not state.skips and rng.random() < 0.25:
            return said(ask, "another", "new theme", seat)
        return said(ask, "go", "start drawing", seat)

    def _demo_drawing(self, state: State, ask: Ask, rng: random.Random) -> Line:
        enough = state.players - 1
        seat = rng.randint(1, state.players)
        if ask.timeout is not None and rng.random() < 0.3:
            return Line(Answer(AnswerKind.TIMEOUT), "", seat, silence=ask.timeout + 1.5)
        roll = rng.random()
        if state.shouts == 0 or roll < 0.5:
            return said(ask, "shout", "what the fake", seat)
        if roll < 0.85:  # two shouted at once and gm heard one: the table gives the count
            count = min(enough, state.shouts + 2)
            return said(ask, count, f"{spoken(count)} players done", seat)
        return said(ask, "stop", "stop drawing", seat)

    def _demo_reveal(self, state: State, ask: Ask, rng: random.Random) -> Line:
        free = [s for s in range(1, state.players + 1) if s not in state.named]
        if forger_count(state.players) == 2 and not state.named and rng.random() < 0.5:
            a, b = sorted(rng.sample(free, 2))
            return said(ask, f"{a} {b}", f"it was players {spoken(a)} and {spoken(b)}", a)
        seat = rng.choice(free)
        return said(ask, seat, f"it was player {spoken(seat)}", seat)

    def _demo_names(self, state: State, ask: Ask, rng: random.Random) -> Line:
        """One name an utterance, said in full (what PocketSphinx hears best); Forgers favour the
        typical drawings and what was said, Artists less so."""
        seat = len(state.drawings) + 1
        if state.pending:
            return said(ask, True, "yes", seat)
        if not state.naming and rng.random() < 0.05:
            return said(ask, "nothing", "no drawings", seat)
        if len(state.naming) == DRAWINGS - 1 and rng.random() < 0.1:  # stopped mid-drawing
            return said(ask, "nothing", "that's all", seat)
        hints = [h for h in self.cards[state.card].hints if h not in state.naming]
        named = {name for names in state.drawings for name in names}
        forger = state.roles is not None and state.roles[seat - 1] is Role.FORGER
        weights = [
            (3.0 if forger and hint in named else 1.0) / (1 + i * (0.8 if forger else 0.25))
            for i, hint in enumerate(hints)
        ]
        said_as = f"i drew {with_article(rng.choices(hints, weights)[0])}"
        return Line(Answer(AnswerKind.FREE, [said_as], said_as), said_as, seat)

    def _demo_groups(self, state: State, ask: Ask, rng: random.Random) -> Line:
        seat = rng.randint(1, state.players)
        if state.corrections or rng.random() < 0.4:  # at most one correction a round
            return said(ask, "correct", "count the points", seat)
        shared = [g for g in state.groups if len(g.seats) > 1]
        alone = [g for g in state.groups if len(g.seats) == 1 and not g.void]
        options: list[tuple[Any, str]] = []
        for g in shared:
            s = rng.choice(g.seats)  # "not the same": that player drew something else
            options.append(
                (f"out {s} {g.number}", f"take player {spoken(s)} out of group {spoken(g.number)}")
            )
        if len(alone) >= 2:  # "same as": two names for one drawing
            a, b = sorted(rng.sample([g.number for g in alone], 2))
            options.append((f"merge {a} {b}", f"groups {spoken(a)} and {spoken(b)} are the same"))
        if alone:  # the table votes a drawing out
            g = rng.choice(alone)
            options.append((f"invalid {g.number}", f"invalid group {spoken(g.number)}"))
        if not options:
            return said(ask, "correct", "count the points", seat)
        value, phrase = rng.choice(options)
        return said(ask, value, phrase, seat)

    def _demo_points(self, state: State, ask: Ask, rng: random.Random) -> Line:
        seat = len(state.points) + 1
        points = rng.choices(range(DRAWINGS + 1), (1, 3, 3, 1))[0]
        return said(ask, points, f"i scored {self._points(points)}", seat)


# ---------------------------------------------------------------------------- loading


def load(
    language: str = "en", root: Any = None, source: ContentFile | None = None, own: bool = False
) -> WhatTheFake:
    """Read and check prompts/<language>/what_the_fake.toml; `source` is gm's content with a
    table's own deck (`own`: a few cards are enough) or a saved game's in it."""
    source = source or content.load("what_the_fake", language, root)
    return WhatTheFake(
        _cards(source, content.OWN_DECK_MINIMUM if own else MIN_CARDS),
        _lines(source),
        _same(source),
    )


def _same(source: ContentFile) -> dict[str, str]:
    """The optional `same` lists: words a table uses for one drawing (["cat", "kitty"])."""
    value = source.data.get("same", [])
    if not isinstance(value, list) or not all(
        isinstance(names, list)
        and len(names) > 1
        and all(isinstance(n, str) and PHRASE.fullmatch(n) for n in names)
        for names in value
    ):
        raise source.fail("same", "'same' must be a list of lists of two or more lower-case names")
    return synonyms(value)


def _lines(source: ContentFile) -> Lines:
    lines = Lines(source)
    missing = [name for name in REQUIRED_LINES if name not in set(lines.names())]
    if missing:
        raise source.fail("lines", f"the line '{missing[0]}' is missing from [lines]")
    return lines


def _cards(source: ContentFile, minimum: int) -> tuple[Card, ...]:
    problems = content.Problems()
    records = source.records(
        "expo", {"city": str, "theme": str, "hints": list}, minimum=minimum, problems=problems
    )
    cards: list[Card] = []
    seen: set[tuple[str, str]] = set()
    for index, record in records:
        hints = record["hints"]
        key = (record["city"].strip().lower(), record["theme"].strip().lower())
        if not all(isinstance(h, str) and PHRASE.fullmatch(h.strip()) for h in hints):
            problems.add(
                source.entry_fail("expo", index, "has a hint that is not lower-case words")
            )
        elif len(hints) < MIN_HINTS:
            problems.add(
                source.entry_fail(
                    "expo", index, f"needs at least {MIN_HINTS} hints, it has {len(hints)}"
                )
            )
        elif key in seen:
            problems.add(
                source.entry_fail("expo", index, f"repeats {record['city']}, {record['theme']}")
            )
        else:
            cards.append(
                Card(
                    record["city"].strip(), record["theme"].strip(), tuple(h.strip() for h in hints)
                )
            )
        seen.add(key)
    problems.check()
    return tuple(cards)
