"""Content (decks and every spoken sentence) is data in prompts/<language>/*.toml.

The loader names the file, the line and the problem of any mistake, so that a broken deck is
one clear sentence rather than a traceback in the middle of a game.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

import tomllib

from gm.files import NotAFile, read_regular, toml_mistake
from gm.vocab import number_word

PROMPTS = Path(__file__).resolve().parent.parent / "prompts"
MAX_BYTES = 4 * 1024 * 1024  # a hundred times gm's largest content file; /dev/zero is not a deck
OWN_DECK_MINIMUM = 3  # a table's own deck: the piles reshuffle, so three cards make a (short) game


class ContentError(ValueError):
    """A content file is missing or malformed; the message names file, line and problem."""


class Problems:
    """Every mistake found in a file, so that the author of a deck sees them all at once rather
    than one a run; `check` raises them as one ContentError, one sentence each."""

    def __init__(self) -> None:
        self.errors: list[ContentError] = []

    def add(self, error: ContentError) -> None:
        self.errors.append(error)

    def check(self) -> None:
        if self.errors:
            raise ContentError(" ".join(str(error) for error in self.errors))


def _line_of(text: str, key: str) -> int | None:
    pattern = re.compile(rf"^[ \t]*(\[+[ \t]*)?[\"']?{re.escape(key)}[\"']?\s*(=|\])", re.M)
    match = pattern.search(text)
    return text.count("\n", 0, match.start()) + 1 if match else None


@dataclass(frozen=True)
class ContentFile:
    """One parsed TOML file, with enough of its text kept to point at a line."""

    path: Path
    data: Mapping[str, Any]
    text: str
    # A game's content dealt from a deck (`dealt`): gm's own file, which holds everything but the
    # deck's tables, and its mistakes name that file and line, not the deck's.
    base: ContentFile | None = None
    deck_keys: frozenset[str] = frozenset()
    # A key gm does not read in a card is a mistake in a file a person wrote; a saved game's copy
    # of its deck is read as it was saved (an older gm took such keys without a word).
    strict: bool = True

    def fail(self, key: str, problem: str) -> ContentError:
        if self.base is not None and key.split(".")[0] not in self.deck_keys:
            return self.base.fail(key, problem)
        line = _line_of(self.text, key.split(".")[-1])
        where = f"{self.path}, line {line}" if line else str(self.path)
        return ContentError(f"{where}: {problem}.")

    def fail_near(self, fragment: str, key: str, problem: str, nth: int = 0) -> ContentError:
        """The error for an entry of a plain list (a question), pointing at the line of its
        `nth` copy (0: the first), found as a quoted string, else as it stands."""
        quoted = [
            m.start()
            for q in ('"', "'")
            for m in re.finditer(re.escape(q + fragment + q), self.text)
        ]
        places = sorted(quoted) or [m.start() for m in re.finditer(re.escape(fragment), self.text)]
        if not fragment or nth >= len(places):
            return self.fail(key, problem)
        line = self.text.count("\n", 0, places[nth]) + 1
        return ContentError(f"{self.path}, line {line}: {problem}.")

    def table(self, key: str) -> Mapping[str, Any]:
        value = self.data.get(key)
        if not isinstance(value, dict):
            raise self.fail(key, f"a table [{key}] is needed")
        return value

    def strings(self, key: str, minimum: int = 1) -> tuple[str, ...]:
        value = self.data.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise self.fail(key, f"'{key}' must be a list of non-empty strings")
        if len(value) < minimum:
            raise self.fail(key, f"'{key}' needs at least {minimum} entries, it has {len(value)}")
        return tuple(v.strip() for v in value)

    def records(
        self,
        key: str,
        fields: Mapping[str, type],
        minimum: int = 1,
        problems: Problems | None = None,
    ) -> tuple[tuple[int, dict], ...]:
        """The entries of an array of tables ([[key]]) that have `fields` of the given types and
        no other keys, with their 1-based index; the others are reported to `problems` (raised at
        once without)."""
        value = self.data.get(key)
        if not isinstance(value, list) or len(value) < minimum:
            count = len(value) if isinstance(value, list) else 0
            raise self.fail(key, f"at least {minimum} [[{key}]] entries are needed, found {count}")
        own = problems or Problems()
        good = []
        for index, record in enumerate(value, 1):
            missing = [
                name
                for name, kind in fields.items()
                if not isinstance(
                    field := (record.get(name) if isinstance(record, dict) else None), kind
                )
                or (isinstance(field, str) and not field.strip())
            ]
            strict = self.strict and isinstance(record, dict)
            unknown = [k for k in record if k not in fields] if strict else []
            if missing:
                name = missing[0]
                own.add(self.entry_fail(key, index, f"needs '{name}' ({fields[name].__name__})"))
            elif unknown:
                known = spoken_list((f"'{name}'" for name in fields), "and")
                own.add(
                    self.entry_fail(
                        key, index, f"has '{unknown[0]}', which gm does not read (only {known})"
                    )
                )
            else:
                good.append((index, record))
        if problems is None:
            own.check()
        return tuple(good)

    def entry_fail(self, key: str, index: int, problem: str) -> ContentError:
        """The error for the index-th (1-based) [[key]] entry, pointing at its line."""
        return ContentError(
            f"{self.path}, line {self._record_line(key, index)}: entry {index} of [[{key}]] "
            f"{problem}."
        )

    def _record_line(self, key: str, index: int) -> str:
        header = re.compile(rf"^[ \t]*\[\[[ \t]*{re.escape(key)}[ \t]*\]\]", re.M)
        starts = [m.start() for m in header.finditer(self.text)]
        if index <= len(starts):
            return str(self.text.count("\n", 0, starts[index - 1]) + 1)
        return "?"


def read(path: Path) -> ContentFile:
    """Read and parse one TOML file: a regular file of bounded size, UTF-8, not nested absurdly."""
    try:
        raw = read_regular(path, MAX_BYTES)
    except NotAFile as error:
        raise ContentError(f"{path}: {error}.") from None
    except FileNotFoundError:
        raise ContentError(f"{path}: the file is missing.") from None
    except OSError as error:
        raise ContentError(f"{path}: cannot be read ({error.strerror or error}).") from None
    if len(raw) > MAX_BYTES:
        raise ContentError(
            f"{path}: larger than {MAX_BYTES // 1024 // 1024} MB, too large for a deck or content "
            "file."
        )
    try:
        text = raw.decode("utf-8-sig")  # a byte order mark (some editors write one) is no text
    except UnicodeDecodeError as error:
        raise ContentError(
            f"{path}: not UTF-8 text ({error.reason} at byte {error.start})."
        ) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path}: not valid TOML ({toml_mistake(error)}).") from None
    except RecursionError:
        raise ContentError(f"{path}: nested too deeply to be a deck or content file.") from None
    return ContentFile(path, data, text)


def load(name: str, language: str = "en", root: Path | None = None) -> ContentFile:
    """Read prompts/<language>/<name>.toml."""
    path = (root or PROMPTS) / language / f"{name}.toml"
    try:
        return read(path)
    except ContentError as error:
        if not path.exists():
            raise ContentError(f"{path}: the content file is missing.") from None
        raise error from None


def deck_of(source: ContentFile) -> dict[str, Any]:
    """The cards of a content file: every table but its spoken lines."""
    return {key: value for key, value in source.data.items() if key != "lines"}


def dealt(base: ContentFile, deck: ContentFile) -> ContentFile:
    """gm's content for a game with the tables of `deck` (a table's own, or a saved game's) in
    place of its own; errors point at the deck's file and lines."""
    cards = deck_of(deck)
    return ContentFile(
        deck.path, {**base.data, **cards}, deck.text, base, frozenset(cards), deck.strict
    )


class Lines:
    """Spoken sentences: templates in a [lines] table, filled with str.format fields."""

    def __init__(self, source: ContentFile, key: str = "lines") -> None:
        self._source = source
        self._key = key
        table = source.table(key)
        for name, template in table.items():
            if not isinstance(template, (str, list)):
                raise source.fail(name, f"line '{name}' must be a string or a list of strings")
            for text in template if isinstance(template, list) else [template]:
                try:
                    list(string.Formatter().parse(text))
                except ValueError as error:
                    raise source.fail(name, f"line '{name}' has a bad placeholder ({error})")
        self._table = table

    def __call__(self, name: str, /, **fields: Any) -> str:
        template = self._table.get(name)
        if template is None:
            raise self._source.fail(self._key, f"the line '{name}' is missing from [{self._key}]")
        if isinstance(template, list):
            template = template[0]
        try:
            return template.format(**fields)
        except (KeyError, IndexError) as error:
            raise self._source.fail(name, f"line '{name}' uses an unknown field {error}") from None

    def many(self, name: str) -> tuple[str, ...]:
        """A line given as a list (reprompts, variants), every entry unformatted."""
        template = self._table.get(name)
        if template is None:
            raise self._source.fail(self._key, f"the line '{name}' is missing from [{self._key}]")
        return tuple(template) if isinstance(template, list) else (template,)

    def counted(self, name: str, count: int, /, **fields: Any) -> str:
        """A line about a number of things, in words and with its grammar: the line is a list of
        forms for one and for many ("one vote", "{count} votes"), or for none, one and many
        ("no decision yet", "one decision made", "{count} decisions made"); {count} is filled
        with the number as words ("three"), never digits."""
        forms = self.many(name)
        index = (0 if count == 1 else 1) if len(forms) == 2 else min(count, len(forms) - 1)
        try:
            return forms[index].format(count=number_word(count), **fields)
        except (KeyError, IndexError) as error:
            raise self._source.fail(name, f"line '{name}' uses an unknown field {error}") from None

    def names(self) -> Iterable[str]:
        return self._table.keys()


def spoken_list(items: Iterable[str], conjunction: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


class Pronunciation:
    """Written words the voice would misread ("F*ck" as "F asterisk ck"), each said as its
    [pronounce] entry in prompts/<language>/common.toml says; a printed line keeps its spelling.
    """

    def __init__(self, table: Mapping[str, str]) -> None:
        self._table = {written.lower(): said for written, said in table.items()}
        words = sorted(table, key=len, reverse=True)  # "Zuper-Zigoto" before "Zigoto"
        self._pattern = (
            re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)" for w in words), re.IGNORECASE)
            if words
            else None
        )

    @classmethod
    def load(cls, language: str = "en") -> Pronunciation:
        source = load("common", language)
        table = source.data.get("pronounce", {})
        if not isinstance(table, dict) or not all(
            isinstance(v, str) and v.strip() for v in table.values()
        ):
            raise source.fail("pronounce", "[pronounce] must map written words to spoken ones")
        return cls(table)

    def __call__(self, text: str) -> str:
        if self._pattern is None:
            return text
        return self._pattern.sub(lambda m: self._table[m.group(0).lower()], text)
