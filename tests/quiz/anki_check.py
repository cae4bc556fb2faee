"""Anki's own library (the `anki` package: Anki's importer and exporter, headless) on the
project's Anki text files, for tst_bankinterchange.

  python anki_check.py import NOTES.txt  -> imports the file into a new collection, as File >
      Import does, and prints one JSON line per note: guid, deck, notetype, fields, tags.
  python anki_check.py export OUT.txt    -> makes a collection with a Basic deck (subdeck,
      tags, HTML) and writes it with File > Export > Notes in Plain Text (guid, deck, notetype
      and tags columns, HTML kept), then prints the notes as above.
  python anki_check.py import-apkg DECK.apkg -> imports the package as File > Import does (a
      double click on the file), printing the notes as above (with each note's card count).
  python anki_check.py export-apkg OUT.apkg -> the same Basic deck plus one Cloze note, written
      as File > Export > Anki Deck Package with "Support older Anki versions" ticked (legacy),
      and OUT.apkg.new.apkg without it (Anki 2.1.50+'s zstd collection.anki21b).
  python anki_check.py export-colpkg-revlog OUT.colpkg -> the same Basic deck studied with
      Anki's own scheduler (Again, Hard, Good, Easy until no card is due), one card's due date
      set by hand and one card reset to new (Anki's manual revlog rows), written as File >
      Export > "Anki Collection Package" with "Support older Anki versions" ticked; prints one
      JSON line per revlog row: id, cid, ease, type, factor, and guid (the note's, for its first
      card). For tst_ankirevlog.
Exit status 2 when the anki package is missing (the test then skips, saying so)."""
import json
import os
import sys
import tempfile
import time

try:
    from anki.collection import (Collection, DeckIdLimit, ExportAnkiPackageOptions,
                                 ImportAnkiPackageOptions, ImportAnkiPackageRequest,
                                 ImportCsvRequest)
except ImportError as e:
    print(f"anki not importable: {e}", file=sys.stderr)
    sys.exit(2)


def dump(col):
    for nid in sorted(col.find_notes("")):
        note = col.get_note(nid)
        card = note.cards()[0]
        print(json.dumps({"guid": note.guid, "deck": col.decks.name(card.did),
                          "notetype": note.note_type()["name"], "fields": list(note.fields),
                          "tags": note.tags, "cards": len(note.cards())}))


def study(col, path):
    """Answers every due card with Anki's scheduler, then sets a due date and resets a card."""
    # Anki shows a learning card early only until the day's cutoff (the rollover hour, 4 a.m.
    # by default): run within the learn-ahead limit of 4 a.m. and the 10-minute step's cards
    # wait for tomorrow, so fewer rows come out (CI's run at 03:10-03:58 UTC got 7 of 8).
    # The rollover is put 12 hours from now, so the study is the same at any time of day.
    col.set_config("rollover", (time.localtime().tm_hour + 12) % 24)
    eases = [3, 1, 3, 2, 3, 4, 3, 3]
    answered = 0
    while answered < 60:
        card = col.sched.getCard()
        if card is None:
            break
        col.sched.answerCard(card, eases[answered % len(eases)])
        answered += 1
    cids = sorted(col.find_cards(""))
    col.sched.set_due_date([cids[0]], "5")
    col.sched.schedule_cards_as_new([cids[1]], restore_position=True, reset_counts=False)
    for rid, cid, ease, kind, factor in col.db.all(
            "select id, cid, ease, type, factor from revlog order by id"):
        card = col.get_card(cid)
        guid = card.note().guid if card.ord == 0 else ""
        print(json.dumps({"id": rid, "cid": cid, "ease": ease, "type": kind, "factor": factor,
                          "guid": guid}))
    col.export_collection_package(out_path=path, include_media=False, legacy=True)


def main(action, path):
    with tempfile.TemporaryDirectory() as tmp:
        col = Collection(os.path.join(tmp, "collection.anki2"))
        try:
            if action == "import":
                metadata = col.get_csv_metadata(path=path, delimiter=None)
                col.import_csv(ImportCsvRequest(path=path, metadata=metadata))
            elif action == "import-apkg":
                col.import_anki_package(ImportAnkiPackageRequest(
                    package_path=path, options=ImportAnkiPackageOptions(with_scheduling=True)))
            else:
                basic = col.models.by_name("Basic")
                deck = col.decks.id("ML::Precision")
                notes = [("What does <b>AMP</b> stand for?", "Automatic mixed precision", "amp"),
                         ("Default GradScaler init scale?", "65536", "scaler"),
                         ("bf16 exponent bits?", "8", "bf16"),
                         ("fp16 max value?", "65504", "fp16")]
                for front, back, tag in notes:
                    note = col.new_note(basic)
                    note["Front"], note["Back"] = front, back
                    note.tags = [tag]
                    col.add_note(note, deck)
                if action == "export-colpkg-revlog":
                    col.decks.select(deck)
                    study(col, path)
                    return
                if action == "export-apkg":
                    cloze = col.new_note(col.models.by_name("Cloze"))
                    cloze["Text"] = "fp16 has {{c1::5}} exponent bits"
                    col.add_note(cloze, deck)
                    for legacy, out in ((True, path), (False, path + ".new.apkg")):
                        col.export_anki_package(
                            out_path=out, limit=DeckIdLimit(deck),
                            options=ExportAnkiPackageOptions(
                                with_scheduling=False, with_deck_configs=False,
                                with_media=True, legacy=legacy))
                else:
                    col.export_note_csv(out_path=path, limit=DeckIdLimit(deck), with_html=True,
                                        with_tags=True, with_deck=True, with_notetype=True,
                                        with_guid=True)
            dump(col)
        finally:
            col.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
