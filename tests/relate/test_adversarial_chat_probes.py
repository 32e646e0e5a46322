"""Adversarial probes of the chat rules: wordings written to make relate accept a wrong answer.

Each probe is one invented two-person chat (one file per probe, one session heading stamped
Monday 2031-05-19, one child heading per turn titled with the speaker's name), ingested into
a real store and asked through the real pipeline. They try the rules for a yes answering the
other speaker's question (a yes that answers a later question, a yes to a question of the
same speaker, a qualified or sarcastic yes, a present-perfect question whose yes dates
another event), "it" and "one" (an event as antecedent, "one" as a number), second-person
deeds the next turn takes back, plans someone else carries out, a year-less date told in
the present for a past day, a bare "the 25th", starts of somebody else's thing, and deeds
another clause denies. Most must be refused; a few have one right answer.

Of the 110 probes, 15 were wrongly accepted at first (six defects), all fixed: a time in a
relative clause of the sentence that refers back to the deed ("I bought a new kettle. It was
the day after the party, which was on Saturday.") dated the deed by the party's day; a
year-less date told as coming that had just passed ("I'm meeting the architect on the 18th
of May", written on the 19th) was read a year ahead; a deed named after "about"/"of" ("I
thought about selling the boat on Friday", and a yes to "Did you talk about moving to
Leeds?") was taken as done; a yes to a question of alternatives ("Did you take the train or
drive to Leeds?") was taken as telling one of them; a yes going on with someone else's
clause ("Yes, the landlord sent them on Friday", "Yes, Tom did on Friday") lent that
clause's time to the asked deed; a plain yes handing a second-person deed to someone else
("You moved to Utrecht in March, didn't you?" — "Yes, my sister did, I stayed.") confirmed
it.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from notes_helpers import GATE_THRESHOLD, gate_probability, notes_store
from notes_helpers import ask as ask_notes

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-20T20:00", TZ)
STAMP = "2031-05-19 18:00"  # a Monday


def session(*turns: tuple[str, str]) -> str:
    """One chat session: a dated heading, a child heading per turn titled with the speaker."""
    day = datetime.strptime(STAMP, "%Y-%m-%d %H:%M")
    out = [f"#+TITLE: Chat of {day:%Y-%m-%d}", f"* Chat [{day:%Y-%m-%d %a %H:%M}]"]
    for speaker, words in turns:
        out += [f"** {speaker}", words]
    return "\n".join(out) + "\n"


#: (probe, chat, question, the one right date or None when it must be refused)
PROBES: list[tuple[str, str, str, str | None]] = [
    # a yes answering another question than the asked deed
    (
        "yes-other-q-1",
        session(
            ("Pieter", "Did you buy the tent? Did you like the film?"),
            ("Noor", "Yes, loved it, on Friday."),
        ),
        "When did Noor buy the tent?",
        None,
    ),
    (
        "yes-other-q-2",
        session(
            ("Karel", "Did you call the plumber? And how was the concert?"),
            ("Lotte", "Yes, it was great, on Saturday."),
        ),
        "When did Lotte call the plumber?",
        None,
    ),
    (
        "yes-other-q-3",
        session(
            ("Bram", "Did you paint the shed? Did you enjoy the barbecue?"),
            ("Femke", "Yes, on Saturday."),
        ),
        "When did Femke paint the shed?",
        None,
    ),
    (
        "yes-other-q-4",
        session(
            ("Joost", "Did you like the ramen place? Did you go with Tim?"),
            ("Saskia", "Yes, we ate there on Sunday."),
        ),
        "When did Saskia like the ramen place?",
        None,
    ),
    # a yes to a question by the same speaker, or about the asker
    (
        "yes-same-1",
        session(("Ruben", "Did I leave my scarf at yours?"), ("Anouk", "Yes, on Sunday.")),
        "When did Anouk leave her scarf?",
        None,
    ),
    (
        "yes-same-2",
        session(
            ("Daan", "Hi!"),
            ("Daan", "Did you get my parcel?"),
            ("Daan", "Yes, it came on Friday, the courier said."),
        ),
        "When did Daan get the parcel?",
        None,
    ),
    (
        "yes-same-3",
        session(
            ("Mila", "Did we ever return the library books?"),
            ("Mila", "Yes, on Thursday, I remember now."),
        ),
        "When did Mila return the library books?",
        "2031-05-15",
    ),
    # qualified or sarcastic yes
    (
        "yes-qual-1",
        session(
            ("Sem", "Did you finish the marathon?"),
            ("Iris", "Yes, well, almost, I dropped out at mile twenty on Sunday."),
        ),
        "When did Iris finish the marathon?",
        None,
    ),
    (
        "yes-qual-2",
        session(
            ("Luuk", "Did you sell the car?"),
            ("Eva", "Yes — I mean no, the buyer backed out on Monday."),
        ),
        "When did Eva sell the car?",
        None,
    ),
    (
        "yes-qual-3",
        session(
            ("Thijs", "Did you pass the driving test?"),
            ("Roos", "Yes, I wish! I failed it on Tuesday."),
        ),
        "When did Roos pass the driving test?",
        None,
    ),
    (
        "yes-qual-4",
        session(
            ("Gijs", "Did you fix the roof?"),
            ("Fleur", "Yes, sort of, I patched it on Saturday but it still leaks."),
        ),
        "When did Fleur fix the roof?",
        None,
    ),
    (
        "yes-qual-5",
        session(
            ("Stijn", "Did you move the piano?"),
            ("Lieke", "Yeah right, as if. We tried on Sunday and gave up."),
        ),
        "When did Lieke move the piano?",
        None,
    ),
    (
        "yes-qual-6",
        session(
            ("Niels", "Did you meet the new boss?"),
            ("Sanne", "Yes, not yet actually, I'm meeting her on Friday."),
        ),
        "When did Sanne meet the new boss?",
        None,
    ),
    (
        "yes-qual-7",
        session(
            ("Jesse", "Did you repair the dishwasher?"),
            ("Maud", "Yes, no, I tried on Saturday, it's still broken."),
        ),
        "When did Maud repair the dishwasher?",
        None,
    ),
    # present perfect question, the yes dates another event
    (
        "pp-other-1",
        session(
            ("Koen", "Have you heard from the landlord?"),
            ("Vera", "Yes, and my sister arrived on Friday."),
        ),
        "When did Vera hear from the landlord?",
        None,
    ),
    (
        "pp-other-2",
        session(("Teun", "Have you booked the flights?"), ("Noa", "Yes, and we leave on Friday.")),
        "When did Noa book the flights?",
        None,
    ),
    (
        "pp-other-3",
        session(
            ("Wout", "Have you started the new job?"),
            ("Lisa", "Yes, I've been there since March, my review was on Monday."),
        ),
        "When did Lisa start the new job?",
        "2031-03-01",
    ),
    (
        "pp-other-4",
        session(
            ("Olaf", "Have you seen the doctor about your knee?"),
            ("Julia", "Yes, a while back; the X-ray was on Thursday."),
        ),
        "When did Julia see the doctor?",
        None,
    ),
    # "it" standing for an event, or for a thing whose other deed is dated
    (
        "it-event-1",
        session(
            (
                "Hugo",
                "I bought a new kettle. It was the day after the party, which was on Saturday.",
            ),
            ("Yara", "Nice."),
        ),
        "When did Hugo buy a new kettle?",
        None,
    ),
    (
        "it-event-2",
        session(("Jens", "I ordered a sofa. It arrived on Monday."), ("Zoe", "Comfy?")),
        "When did Jens order the sofa?",
        None,
    ),
    (
        "it-event-3",
        session(("Mats", "I lent my drill to Sam. He returned it on Thursday."), ("Ilse", "Good.")),
        "When did Mats lend his drill?",
        None,
    ),
    (
        "it-event-4",
        session(
            ("Pim", "I repaired the lamp last month. I broke it again on Friday."),
            ("Tess", "Oops."),
        ),
        "When did Pim repair the lamp?",
        "2031-04-01",
    ),
    (
        "it-event-5",
        session(
            ("Rik", "I had a fight with my brother. I regretted it on Sunday."), ("Amy", "Oh.")
        ),
        "When did Rik have a fight with his brother?",
        None,
    ),
    (
        "it-two-1",
        session(("Bas", "I bought a tent and a stove. I returned it on Friday."), ("Nina", "Why?")),
        "When did Bas return the tent?",
        None,
    ),
    # "one" as a number
    (
        "one-num-1",
        session(("Cas", "I bought three plants. One died on Monday."), ("Liv", "Sad.")),
        "When did Cas buy the plants?",
        None,
    ),
    (
        "one-num-2",
        session(
            ("Dirk", "I looked at two flats. I signed for one of them on Friday."),
            ("Eline", "Great!"),
        ),
        "When did Dirk look at the flats?",
        None,
    ),
    (
        "one-num-3",
        session(
            ("Floor", "I sold my old guitar. I bought a new one on Friday."), ("Gert", "Cool.")
        ),
        "When did Floor sell her old guitar?",
        None,
    ),
    (
        "one-num-4",
        session(
            ("Hanna", "I adopted a kitten. One of the neighbours adopted one on Saturday."),
            ("Ids", "Cute."),
        ),
        "When did Hanna adopt the kitten?",
        None,
    ),
    # second-person statements the next turn corrects
    (
        "you-corr-1",
        session(
            ("Jaap", "You went back to the gym last Sunday, didn't you?"),
            ("Kim", "Yes, well, no, it was Saturday, not Sunday."),
        ),
        "When did Kim go back to the gym?",
        None,
    ),
    (
        "you-corr-2",
        session(
            ("Lars", "You sold your bike on Monday, right?"),
            ("Mara", "Yes. Actually no, I only put it up for sale, nobody bought it."),
        ),
        "When did Mara sell her bike?",
        None,
    ),
    (
        "you-corr-3",
        session(
            ("Max", "You called your mum yesterday?"),
            ("Nova", "Yes, sorry, I mean I texted her, I haven't called."),
        ),
        "When did Nova call her mum?",
        None,
    ),
    (
        "you-corr-4",
        session(
            ("Otto", "You saw the eclipse last night, didn't you?"),
            ("Puck", "Yes, I wanted to, but the clouds hid it."),
        ),
        "When did Puck see the eclipse?",
        None,
    ),
    (
        "you-corr-5",
        session(
            ("Quinten", "You visited your aunt on Friday, didn't you?"),
            ("Rosa", "Yes, but on Thursday, not Friday."),
        ),
        "When did Rosa visit her aunt?",
        None,
    ),
    # plan questions where someone else does it
    (
        "plan-other-1",
        session(
            ("Siem", "My brother is going to paint the kitchen on Saturday."), ("Tara", "Nice.")
        ),
        "When is Siem going to paint the kitchen?",
        None,
    ),
    (
        "plan-other-2",
        session(("Ugo", "Sam will drive to Leeds on Friday, I'm staying home."), ("Vos", "OK.")),
        "When is Ugo driving to Leeds?",
        None,
    ),
    (
        "plan-other-3",
        session(
            ("Wim", "Are you fixing the fence on Sunday?"),
            ("Xenia", "No, my dad is fixing it on Sunday."),
        ),
        "When is Xenia fixing the fence?",
        None,
    ),
    (
        "plan-other-4",
        session(
            ("Yvo", "I'm not moving house in June; my sister is moving in June."), ("Zara", "Busy!")
        ),
        "When is Yvo moving house?",
        None,
    ),
    (
        "plan-other-5",
        session(("Abel", "My wife is flying to Porto on Thursday."), ("Bea", "Lucky her.")),
        "When is Abel flying to Porto?",
        None,
    ),
    # a year-less date in present historic (a past report)
    (
        "hist-1",
        session(
            (
                "Cor",
                "So on the 3rd of May I walk into the office and my boss tells me the project is cancelled.",
            ),
            ("Dewi", "No way."),
        ),
        "When did Cor's boss tell him the project was cancelled?",
        "2031-05-03",
    ),
    (
        "hist-2",
        session(
            (
                "Edo",
                "On the 2nd of April I'm sitting in the dentist's chair and the power goes out.",
            ),
            ("Fay", "Ha."),
        ),
        "When did the power go out?",
        "2031-04-02",
    ),
    (
        "hist-3",
        session(
            ("Guus", "On the 14th of May I get a call from the bank saying my card was stolen."),
            ("Hedy", "Awful."),
        ),
        "When did Guus get a call from the bank?",
        "2031-05-14",
    ),
    (
        "hist-4",
        session(
            ("Ivar", "I'm flying to Seville on the 3rd of May."),
            ("Joy", "Wait, that was weeks ago?"),
        ),
        "When is Ivar flying to Seville?",
        None,
    ),
    (
        "hist-5",
        session(
            ("Kai", "On the 10th of May I'm walking home and a fox runs across the road."),
            ("Lou", "Wow."),
        ),
        "When is Kai walking home?",
        None,
    ),
    (
        "hist-6",
        session(
            ("Mik", "So on the 12th of May I'm driving to work and the tyre bursts."),
            ("Nan", "Scary."),
        ),
        "When is Mik driving to work?",
        None,
    ),
    (
        "hist-7",
        session(
            ("Ole", "On the 1st of May I'm having dinner with Jan and he proposes!"),
            ("Pam", "Congrats!"),
        ),
        "When is Ole having dinner with Jan?",
        None,
    ),
    (
        "hist-8",
        session(("Rob", "I'm meeting the architect on the 18th of May."), ("Sil", "Good luck.")),
        "When is Rob meeting the architect?",
        None,
    ),
    (
        "it-offset-1",
        session(
            ("Tim", "I sold my camera. That was two days after the fair, which was on Saturday."),
            ("Uma", "OK."),
        ),
        "When did Tim sell his camera?",
        None,
    ),
    (
        "it-offset-2",
        session(
            ("Val", "I painted the gate. It was the day before the storm, which hit on Thursday."),
            ("Wil", "Lucky."),
        ),
        "When did Val paint the gate?",
        None,
    ),
    (
        "it-offset-3",
        session(
            ("Xav", "I got a haircut the week after the wedding, which was on the 3rd of May."),
            ("Yol", "Nice."),
        ),
        "When did Xav get a haircut?",
        None,
    ),
    (
        "it-offset-4",
        session(
            ("Zed", "I joined the choir a day after my birthday, which was on Friday."),
            ("Ada", "Sing!"),
        ),
        "When did Zed join the choir?",
        None,
    ),
    (
        "rel-1",
        session(
            ("Bo", "I bought a kettle the day after the party, which was on Saturday."),
            ("Cy", "OK."),
        ),
        "When did Bo buy a kettle?",
        None,
    ),
    (
        "rel-2",
        session(
            ("Di", "I fixed the gutter after the storm, which was on Thursday."), ("Ed", "OK.")
        ),
        "When did Di fix the gutter?",
        None,
    ),
    (
        "rel-3",
        session(("Fi", "I met Greta at the gala, which was last Friday."), ("Gus", "OK.")),
        "When did Fi meet Greta?",
        "2031-05-16",
    ),
    (
        "rel-4",
        session(
            ("Hal", "I called the vet about the dog, which I adopted on Monday."), ("Ivy", "OK.")
        ),
        "When did Hal call the vet?",
        None,
    ),
    (
        "rel-5",
        session(("Jo", "I returned the jacket, which I bought on Friday."), ("Ken", "OK.")),
        "When did Jo return the jacket?",
        None,
    ),
    (
        "b2-one-1",
        session(("Aart", "I returned the blender. I bought one on Friday."), ("Bob", "OK.")),
        "When did Aart return the blender?",
        None,
    ),
    (
        "b2-it-1",
        session(("Cees", "How is your new car?"), ("Door", "I crashed it on Sunday.")),
        "When did Door buy her new car?",
        None,
    ),
    (
        "b2-yes-late",
        session(
            ("Egon", "Did you book the hotel?"),
            ("Fenna", "Hang on."),
            ("Egon", "Well?"),
            ("Fenna", "Yes, on Friday."),
        ),
        "When did Fenna book the hotel?",
        "2031-05-16",
    ),
    (
        "b2-yes-or",
        session(
            ("Gerrit", "Did you take the train or drive to Leeds?"), ("Hilde", "Yes, on Friday.")
        ),
        "When did Hilde drive to Leeds?",
        None,
    ),
    (
        "b2-yes-will",
        session(("Ivo", "Will you see the dentist?"), ("Jet", "Yes, on Friday.")),
        "When did Jet see the dentist?",
        None,
    ),
    (
        "b2-yes-want",
        session(("Klaas", "Did you want to buy the tickets?"), ("Lien", "Yes, on Friday.")),
        "When did Lien buy the tickets?",
        None,
    ),
    (
        "b2-yes-forget",
        session(("Mart", "Did you forget to pay the rent?"), ("Nel", "Yes, on Friday.")),
        "When did Nel pay the rent?",
        None,
    ),
    (
        "b2-yes-try",
        session(
            ("Okke", "Did you try to call the bank?"),
            ("Pien", "Yes, on Monday, but no one answered."),
        ),
        "When did Pien call the bank?",
        None,
    ),
    (
        "b2-yes-3rd",
        session(("Reinier", "Did your brother sell the car?"), ("Sjoukje", "Yes, on Friday.")),
        "When did Sjoukje sell the car?",
        None,
    ),
    (
        "b2-yes-hear",
        session(("Taco", "Did you hear that Tom quit his job?"), ("Ulrike", "Yes, on Friday.")),
        "When did Ulrike quit her job?",
        None,
    ),
    (
        "b2-yes-think",
        session(("Vincent", "Did you think about selling the boat?"), ("Wendy", "Yes, on Friday.")),
        "When did Wendy sell the boat?",
        None,
    ),
    (
        "b2-yes-trip",
        session(("Xander", "Did you book the trip?"), ("Ymke", "Yes, it's on Friday.")),
        "When did Ymke book the trip?",
        None,
    ),
    (
        "b2-yes-ever",
        session(
            ("Zwier", "Did you ever go to Lisbon?"),
            ("Anna", "Yes, years ago, and again last week."),
        ),
        "When did Anna go to Lisbon?",
        None,
    ),
    (
        "b2-you-neg",
        session(
            ("Berend", "You didn't go to the concert on Friday, did you?"),
            ("Carla", "Yes, I stayed home."),
        ),
        "When did Carla go to the concert?",
        None,
    ),
    (
        "b2-you-will",
        session(("Diederik", "You'll fly to Rome on Friday, right?"), ("Elsa", "Yes.")),
        "When did Elsa fly to Rome?",
        None,
    ),
    (
        "b2-you-sis",
        session(("Frits", "Your sister moved to Bath on Friday, didn't she?"), ("Gea", "Yes.")),
        "When did Gea move to Bath?",
        None,
    ),
    (
        "b2-you-never",
        session(("Harm", "You never went to the museum on Friday?"), ("Ineke", "Yes.")),
        "When did Ineke go to the museum?",
        None,
    ),
    (
        "b2-you-q",
        session(
            ("Jurre", "You went to the market on Saturday?"),
            ("Kaat", "Yes, but I forgot my wallet, so I bought nothing."),
        ),
        "When did Kaat buy something at the market?",
        None,
    ),
    (
        "b2-plan-1",
        session(
            ("Lodewijk", "Are you going to paint the shed?"),
            ("Marit", "Yes, my dad is, on Saturday."),
        ),
        "When is Marit going to paint the shed?",
        None,
    ),
    (
        "b2-plan-2",
        session(
            ("Nout", "When are you moving?"),
            ("Odile", "We're not, my brother is moving on the 3rd of June."),
        ),
        "When is Odile moving?",
        None,
    ),
    (
        "b2-plan-3",
        session(("Pepijn", "I'm helping Tom move on Saturday."), ("Romy", "Kind.")),
        "When is Pepijn moving?",
        None,
    ),
    (
        "b2-plan-4",
        session(
            ("Sander", "I'm going to watch Sam run the marathon on Sunday."), ("Tineke", "Fun.")
        ),
        "When is Sander running the marathon?",
        None,
    ),
    (
        "b2-plan-5",
        session(
            ("Ubbo", "Will you drive to Ghent on Friday?"),
            ("Valerie", "Yes, Mark will drive, I'll sleep."),
        ),
        "When will Valerie drive to Ghent?",
        None,
    ),
    (
        "b2-start-1",
        session(
            ("Wessel", "My course started on Monday without me, I was ill."),
            ("Xaviera", "Get well."),
        ),
        "When did Wessel start his course?",
        None,
    ),
    (
        "b2-start-2",
        session(("Yannick", "The course my wife runs started on Monday."), ("Zita", "Nice.")),
        "When did Yannick start his course?",
        None,
    ),
    (
        "b3-ger-1",
        session(("Aldo", "I thought about selling the boat on Friday."), ("Bert", "Hm.")),
        "When did Aldo sell the boat?",
        None,
    ),
    (
        "b3-ger-2",
        session(("Cato", "I talked about moving to Leeds on Friday."), ("Dora", "Hm.")),
        "When did Cato move to Leeds?",
        None,
    ),
    (
        "b3-ger-3",
        session(("Elke", "I considered quitting my job on Monday."), ("Fons", "Hm.")),
        "When did Elke quit her job?",
        None,
    ),
    (
        "b3-ger-4",
        session(("Gido", "On Sunday I dreamt about winning the lottery."), ("Hans", "Ha.")),
        "When did Gido win the lottery?",
        None,
    ),
    (
        "b3-ger-5",
        session(("Isa", "Did you talk about moving to Leeds?"), ("Jan", "Yes, on Friday.")),
        "When did Jan move to Leeds?",
        None,
    ),
    (
        "b3-ger-6",
        session(("Kars", "Did you consider quitting your job?"), ("Lot", "Yes, on Monday.")),
        "When did Lot quit her job?",
        None,
    ),
    (
        "b3-ger-7",
        session(("Mees", "I finished painting the fence on Friday."), ("Nick", "Hm.")),
        "When did Mees paint the fence?",
        "2031-05-16",
    ),
    (
        "b3-ger-8",
        session(("Olga", "I stopped smoking on Friday."), ("Piet", "Great.")),
        "When did Olga start smoking?",
        None,
    ),
    (
        "b3-or-1",
        session(("Rens", "Did you sell the boat or the car?"), ("Sara", "Yes, on Friday.")),
        "When did Sara sell the boat?",
        None,
    ),
    (
        "b3-or-2",
        session(("Tijn", "Did you go to the gym or stay home?"), ("Ursula", "Yes, on Friday.")),
        "When did Ursula go to the gym?",
        None,
    ),
    (
        "b4-job",
        session(("Arie", "Did you get the job?"), ("Britt", "Yes! I start on Monday.")),
        "When did Britt get the job?",
        None,
    ),
    (
        "b4-doc",
        session(
            ("Cor", "Did you see the doctor?"),
            ("Dina", "Yes, the appointment was on Friday but she saw me on Monday."),
        ),
        "When did Dina see the doctor?",
        None,
    ),
    (
        "b4-keys",
        session(
            ("Evert", "Did you get the keys?"),
            ("Froukje", "Yes, the landlord sent them on Friday, they came today."),
        ),
        "When did Froukje get the keys?",
        "2031-05-19",
    ),
    (
        "b4-mum",
        session(("Geert", "Did you call your mum?"), ("Hester", "Yes, she called me on Friday.")),
        "When did Hester call her mum?",
        None,
    ),
    (
        "b4-tom",
        session(("Ids", "Did you pay the bill?"), ("Janna", "Yes, Tom did on Friday.")),
        "When did Janna pay the bill?",
        None,
    ),
    (
        "b4-hedge",
        session(("Kobus", "Did you fix the bike?"), ("Leni", "Yes, I think so, on Friday maybe.")),
        "When did Leni fix the bike?",
        None,
    ),
    (
        "b4-for",
        session(("Menno", "Did you buy the tickets?"), ("Nienke", "Yes, for Friday.")),
        "When did Nienke buy the tickets?",
        None,
    ),
    (
        "b4-due",
        session(("Onno", "Did you return the books?"), ("Petra", "Yes, they were due on Friday.")),
        "When did Petra return the books?",
        None,
    ),
    (
        "b4-you-sis",
        session(
            ("Roel", "You moved to Utrecht in March, didn't you?"),
            ("Sietske", "Yes, my sister did, I stayed."),
        ),
        "When did Sietske move to Utrecht?",
        None,
    ),
    (
        "b4-you-house",
        session(
            ("Tjeerd", "You bought the house on Friday?"),
            ("Uki", "Yes, well, we only made an offer on Friday."),
        ),
        "When did Uki buy the house?",
        None,
    ),
    (
        "b4-you-by",
        session(
            ("Wiebe", "You were meant to send the invoice by Friday, right?"), ("Xandra", "Yes.")
        ),
        "When did Xandra send the invoice?",
        None,
    ),
    (
        "b4-pp-since",
        session(
            ("Yde", "Have you quit sugar?"), ("Zus", "Yes, I quit coffee on Monday, sugar is next.")
        ),
        "When did Zus quit sugar?",
        None,
    ),
    # bare "the 25th" and starts
    (
        "bare-1",
        session(("Kees", "The street party is on the 25th."), ("Lana", "Can't wait.")),
        "When did Kees go to the street party?",
        None,
    ),
    (
        "bare-2",
        session(
            ("Mees", "I'll have the stitches out on the 28th, the wound healed on the 15th."),
            ("Nel", "Good."),
        ),
        "When did Mees have the stitches out?",
        None,
    ),
    (
        "start-1",
        session(("Oene", "My son's course started on Monday."), ("Pia", "Exciting.")),
        "When did Oene start his course?",
        None,
    ),
    (
        "start-2",
        session(
            ("Quirine", "The course I wanted started on Monday, but I couldn't enrol."),
            ("Remy", "Pity."),
        ),
        "When did Quirine start her course?",
        None,
    ),
    (
        "start-3",
        session(
            ("Sofie", "My course was supposed to start on Monday but it's been postponed."),
            ("Tom", "Annoying."),
        ),
        "When did Sofie start her course?",
        None,
    ),
    (
        "start-4",
        session(("Ulla", "My Spanish course starts on Monday."), ("Vik", "Suerte!")),
        "When did Ulla start her Spanish course?",
        None,
    ),
    # denied by another clause
    (
        "deny-1",
        session(
            ("Wes", "I booked the spa day for Saturday, but then I never went."), ("Xan", "Why?")
        ),
        "When did Wes go to the spa day?",
        None,
    ),
    (
        "deny-2",
        session(
            ("Yke", "I was going to call the bank on Monday, though I forgot."),
            ("Zeb", "Do it now."),
        ),
        "When did Yke call the bank?",
        None,
    ),
]


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    notes = {f"{key}.org": chat for key, chat, _, _ in PROBES}
    yield from notes_store(tmp_path_factory.mktemp("adversarial-chats"), notes, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [pytest.param(q, id=key) for key, _, q, right in PROBES if right is None],
)
def test_an_adversarial_wording_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", (doc["value"], doc["metadata"].get("operands"))


@pytest.mark.parametrize(
    ("question", "date"),
    [pytest.param(q, right, id=key) for key, _, q, right in PROBES if right is not None],
)
def test_an_adversarial_chat_keeps_its_one_right_answer(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    if doc["status"] == "accepted":
        assert doc["value"]["date"] == date, doc["metadata"].get("operands")


def test_the_right_answers_are_not_all_refused(store: Store) -> None:
    """A resolver that refuses everything must fail this file somewhere."""
    answered = [q for _, _, q, right in PROBES if right is not None]
    assert sum(ask(store, q)["status"] == "accepted" for q in answered) >= 3


@pytest.mark.parametrize(
    "chat",
    [
        session(("Hugo", "I bought a new kettle. It was on Saturday, the day after the party.")),
        session(("Hugo", "I bought a new kettle. It was on Saturday.")),
    ],
)
def test_a_pro_form_sentence_outside_a_relative_clause_still_dates_the_deed(
    tmp_path_factory: pytest.TempPathFactory, chat: str
) -> None:
    for store in notes_store(tmp_path_factory.mktemp("kettle"), {"k.org": chat}, NOW):
        doc = ask(store, "When did Hugo buy a new kettle?")
        assert doc["status"] == "accepted", doc["metadata"].get("explanation")
        assert doc["value"]["date"] == "2031-05-17"


@pytest.mark.parametrize(
    ("words", "date"),
    [
        ("I'm meeting the architect on the 3rd of June.", "2031-06-03"),
        ("I'm meeting the architect on the 2nd of October.", "2031-10-02"),
    ],
)
def test_a_coming_date_nearer_ahead_is_still_read_forward(
    tmp_path_factory: pytest.TempPathFactory, words: str, date: str
) -> None:
    for store in notes_store(
        tmp_path_factory.mktemp("architect"), {"a.org": session(("Rob", words))}, NOW
    ):
        doc = ask(store, "When is Rob meeting the architect?")
        assert doc["status"] == "accepted", doc["metadata"].get("explanation")
        assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "quote",
    [
        "I thought about selling the boat on Friday.",
        "I talked about selling the boat on Friday.",
        "On Friday we dreamt of selling the boat.",
    ],
)
def test_the_gate_doubts_a_deed_that_is_only_talked_or_thought_about(quote: str) -> None:
    assert (
        gate_probability(
            quote, "sell the boat", "on Friday" if "on Friday" in quote else "On Friday"
        )
        < GATE_THRESHOLD
    )


@pytest.mark.parametrize(
    "quote", ["I sold the boat on Friday.", "I finished selling the boat on Friday."]
)
def test_the_gate_still_accepts_a_deed_told_as_done(quote: str) -> None:
    assert gate_probability(quote, "sell the boat", "on Friday") >= GATE_THRESHOLD
