"""Adversarial probes over notes of every kind: wordings written to make relate accept a
wrong answer, each with the answer a careful reader gives (None: refuse).

Written in three rounds after the adversarial set of ``tests/fixtures/adversarial_round2``
(which ``bench/orgsets.py --set adversarial`` scores): journal days, GTD headings with
SCHEDULED/CLOSED/DEADLINE/LOGBOOK/CLOCK, dated trips and projects with child headings,
two-person chats and user/assistant sessions (one file per probe). Of the 143 probes (90
to refuse), 13 were wrongly accepted at first (3, 7 and 3 by round); each class is fixed
and tested on its own (``test_times_of_an_event_counted_from.py``,
``test_claims_of_others_about_the_writer.py``, ``test_deed_verb_in_another_clause.py``,
``test_questions_and_tag_questions.py``, ``test_event_nouns_called_off.py``,
``test_dreamt_or_imagined_deeds.py``, ``test_clefts_and_exceptions_name_the_doer.py``,
``test_yes_replies_that_confirm_nothing.py``, ``test_a_wider_time_that_disagrees.py``).
Here no probe may be answered wrongly, and the answerable ones the resolver reaches must
stay answered (so a refuse-everything resolver fails).
"""

from __future__ import annotations

import pytest
from notes_helpers import answer, chat_session, journal_day

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-20T20:00", TZ)


def org(text: str) -> dict[str, str]:
    return {"o.org": text}


def jd(day: str, *lines: str) -> dict[str, str]:
    """One datetree day of May 2031 holding ``lines``."""
    return journal_day(*lines, day=day)


c = chat_session


def u(*texts: str) -> dict[str, str]:
    """A user/assistant session: each user turn answered by a neutral assistant turn."""
    turns: list[tuple[str, str]] = []
    for text in texts:
        turns += [("user", text), ("assistant", "I see.")]
    return chat_session(*turns)


#: (notes, question, the right date — a prefix: a day or a month —, None to refuse,
#: "RANGE": not to be answered with a single day, or "WEEK": a week or nothing)
PROBES: list[tuple[dict[str, str], str, str | None]] = [
    (
        c(
            ("Tom", "Did you return the drill?"),
            ("Ana", "Yes, and on Friday Sam borrowed it again."),
        ),
        "When did Ana return the drill?",
        None,
    ),
    (
        c(("Tom", "Did you two paint the fence?"), ("Ana", "We did, on Saturday.")),
        "When did Ana paint the fence?",
        "2031-05-17",
    ),
    (
        c(("Tom", "Did you paint the fence?"), ("Ana", "Yes we did, on Saturday, with my dad.")),
        "When did Ana paint the fence?",
        "2031-05-17",
    ),
    (
        jd("2031-05-19 Monday", "If I had sold the car on Friday, I would have got more."),
        "When did I sell the car?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "I would have called Oma on Sunday but my phone died."),
        "When did I call Oma?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "After the storm on Tuesday, I fixed the roof."),
        "When did I fix the roof?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "I fixed the roof the day after the storm on Tuesday."),
        "When did I fix the roof?",
        "2031-05-14",
    ),
    (
        jd("2031-05-19 Monday", "Mum said I broke the vase on Sunday, but it was the cat."),
        "When did I break the vase?",
        None,
    ),
    (
        jd(
            "2031-05-19 Monday",
            "We arrived in Rome on Tuesday. Two days later Anna lost her passport.",
        ),
        "When did Anna lose her passport?",
        "2031-05-15",
    ),
    (
        jd("2031-05-19 Monday", "I almost missed the train on Friday."),
        "When did I miss the train?",
        None,
    ),
    (jd("2031-05-19 Monday", "I nearly quit my job on Tuesday."), "When did I quit my job?", None),
    (
        jd("2031-05-19 Monday", "The plumber was supposed to come on Tuesday."),
        "When did the plumber come?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "I was going to call the bank on Friday."),
        "When did I call the bank?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "I forgot to call the insurer on Friday."),
        "When did I call the insurer?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "I meant to water the plants on Sunday."),
        "When did I water the plants?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "I tried to fix the tap on Sunday, no luck."),
        "When did I fix the tap?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "Instead of painting the shed on Saturday, I went swimming."),
        "When did I paint the shed?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "Rather than driving to Leeds on Friday, we took the train."),
        "When did I drive to Leeds?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "Sam asked whether I had sold the bike on Friday."),
        "When did I sell the bike?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "Did I lock the shed on Friday? I can't remember."),
        "When did I lock the shed?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "I'm not sure I paid the rent on Friday."),
        "When did I pay the rent?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "Next Monday I'm seeing the dentist."),
        "When did I see the dentist?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "Anna went to the opera on Friday without me."),
        "When did I go to the opera?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "Not on Friday but on Saturday, I visited the museum."),
        "When did I visit the museum?",
        "2031-05-17",
    ),
    (
        jd("2031-05-19 Monday", "I visited the museum on Saturday, not on Friday."),
        "When did I visit the museum?",
        "2031-05-17",
    ),
    (
        jd("2031-05-19 Monday", "I didn't visit the castle on Friday; I went on Saturday."),
        "When did I visit the castle?",
        "2031-05-17",
    ),
    (
        jd("2031-05-19 Monday", "It wasn't until Thursday that I finished the report."),
        "When did I finish the report?",
        "2031-05-15",
    ),
    (
        jd("2031-05-19 Monday", "I couldn't finish the essay until Thursday."),
        "When did I finish the essay?",
        "2031-05-15",
    ),
    (
        jd("2031-05-19 Monday", "Without the car on Friday, I couldn't visit Oma."),
        "When did I visit Oma?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "I still haven't visited the new library, which opened on Friday."),
        "When did I visit the new library?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "The new library opened on Friday; I visited it on Saturday."),
        "When did I visit the new library?",
        "2031-05-17",
    ),
    (
        jd(
            "2031-05-19 Monday",
            "My sister started her new job on Monday the 12th and I started mine a week later.",
        ),
        "When did I start my new job?",
        "2031-05-19",
    ),
    (
        jd(
            "2031-05-19 Monday",
            "My sister started her new job on the 12th, I start mine next week.",
        ),
        "When did I start my new job?",
        None,
    ),
    (
        c(("Ana", "Did Tom call you on Friday?"), ("Ben", "No, he called on Saturday.")),
        "When did Tom call Ben?",
        "2031-05-17",
    ),
    (c(("Ana", "Did Tom call you on Friday?"), ("Ben", "No.")), "When did Tom call Ben?", None),
    (
        c(("Ana", "Tom called me on Friday."), ("Ben", "He called me too.")),
        "When did Tom call Ben?",
        None,
    ),
    (
        c(
            ("Ana", "Have you ever been to Porto?"),
            ("Ben", "Only in my dreams. My parents went in March."),
        ),
        "When did Ben go to Porto?",
        None,
    ),
    (
        c(("Ana", "When did you adopt Rex?"), ("Ben", "Ha, I didn't. My flatmate did, on Sunday.")),
        "When did Ben adopt Rex?",
        None,
    ),
    (
        c(("Ana", "You adopted Rex on Sunday, right?"), ("Ben", "My flatmate did, on Sunday.")),
        "When did Ben adopt Rex?",
        None,
    ),
    (
        c(("Ana", "So when is the move?"), ("Ben", "We moved on Saturday! Finally.")),
        "When did Ben move?",
        "2031-05-17",
    ),
    (
        c(("Ana", "I sold my bike on Friday."), ("Ben", "Same! I sold mine on Thursday.")),
        "When did Ana sell her bike?",
        "2031-05-16",
    ),
    (
        c(("Ana", "I sold my bike on Friday."), ("Ben", "Same! I sold mine on Thursday.")),
        "When did Ben sell his bike?",
        "2031-05-15",
    ),
    (
        jd("2031-05-19 Monday", "Sold my second bike on Friday; the first went in March."),
        "When did I sell my first bike?",
        "2031-03",
    ),
    (
        jd("2031-05-19 Monday", "Sold my second bike on Friday; the first went in March."),
        "When did I sell my second bike?",
        "2031-05-16",
    ),
    (
        jd("2031-05-19 Monday", "On Friday I found the receipt for the boots I bought in March."),
        "When did I buy the boots?",
        "2031-03",
    ),
    (
        jd("2031-05-19 Monday", "On Friday I found the receipt for the boots I bought in March."),
        "When did I find the receipt?",
        "2031-05-16",
    ),
    (
        org("* TODO Paint the fence\nSCHEDULED: <2031-05-10 Sat>\n"),
        "When did I paint the fence?",
        None,
    ),
    (
        org(
            "* DONE Paint the fence\nSCHEDULED: <2031-05-10 Sat>\nCLOSED: [2031-05-14 Wed 18:00]\n"
        ),
        "When did I paint the fence?",
        "2031-05-14",
    ),
    (
        org("* DONE Paint the fence\nSCHEDULED: <2031-05-10 Sat>\n"),
        "When did I paint the fence?",
        None,
    ),
    (
        org(
            "* Trip to Rome\n<2031-04-10 Thu>--<2031-04-14 Mon>\n** Lost my wallet\nHappened at the Colosseum.\n"
        ),
        "When did I lose my wallet?",
        "RANGE",
    ),
    (
        org("* Meeting notes <2031-05-12 Mon>\nAnna said she signed the lease last Friday.\n"),
        "When did Anna sign the lease?",
        "2031-05-09",
    ),
    (
        org("* Meeting notes <2031-05-12 Mon>\nAnna will sign the lease on Friday.\n"),
        "When did Anna sign the lease?",
        None,
    ),
    (
        org(
            '* TODO Call Oma\nSCHEDULED: <2031-05-25 Sun +1w>\n:LOGBOOK:\n- State "DONE"       from "TODO"       [2031-05-18 Sun 11:00]\n- State "DONE"       from "TODO"       [2031-05-11 Sun 10:30]\n:END:\n'
        ),
        "When did I last call Oma?",
        "2031-05-18",
    ),
    (
        org("* CANCELLED Trip to Ghent\nCLOSED: [2031-05-02 Fri 10:00]\n"),
        "When did I go to Ghent?",
        None,
    ),
    (
        jd("2031-05-10 Saturday", "Tomorrow is Mum's birthday party."),
        "When was Mum's birthday party?",
        None,
    ),
    (
        jd("2031-05-12 Monday", "The dentist appointment on Friday got cancelled."),
        "When did I go to the dentist?",
        None,
    ),
    (
        jd("2031-05-12 Monday", "Finally got the results of the blood test I had two weeks ago."),
        "When did I have the blood test?",
        "2031-04-28",
    ),
    (
        c(
            ("Ana", "Did Ben finish the marathon?"),
            ("Cleo", "He did not, he dropped out on Sunday."),
        ),
        "When did Ben finish the marathon?",
        None,
    ),
    (
        c(("Ana", "Was it Ben who broke the window on Friday?"), ("Cleo", "No, it was Dan.")),
        "When did Ben break the window?",
        None,
    ),
    (
        c(("Ana", "I bought the tickets on Friday."), ("Cleo", "Wait, I bought them on Thursday!")),
        "When did Cleo buy the tickets?",
        "2031-05-15",
    ),
    (
        c(("Ana", "My second driving lesson was on Friday."), ("Cleo", "How was the first?")),
        "When did Ana have her first driving lesson?",
        None,
    ),
    (
        c(("Ana", "I had my third driving lesson on Friday."), ("Cleo", "Nice.")),
        "When did Ana have her second driving lesson?",
        None,
    ),
    (
        c(
            ("Ana", "Two days after the party I got sick."),
            ("Cleo", "Which party?"),
            ("Ana", "Sam's, on Saturday the 10th."),
        ),
        "When did Ana get sick?",
        "2031-05-12",
    ),
    (
        c(("Ana", "Ben proposed to Lea on Friday!"), ("Cleo", "Finally!")),
        "When did Lea propose?",
        None,
    ),
    (
        c(("Ana", "Ben proposed to Lea on Friday!"), ("Cleo", "Finally!")),
        "When did Ana propose?",
        None,
    ),
    (
        c(("Ana", "Ben proposed to Lea on Friday!"), ("Cleo", "Finally!")),
        "When did Ben propose to Lea?",
        "2031-05-16",
    ),
    (
        c(("Ana", "I'd have gone to the gig on Friday if I'd had a ticket."), ("Cleo", "Shame.")),
        "When did Ana go to the gig?",
        None,
    ),
    (
        c(("Ana", "Had I known, I would have sold the car in March."), ("Cleo", "Hindsight.")),
        "When did Ana sell the car?",
        None,
    ),
    (
        c(("Ana", "Did you sell the car?"), ("Cleo", "I wish! Nobody has wanted it since March.")),
        "When did Cleo sell the car?",
        None,
    ),
    (
        c(("Ana", "When did you sell the car?"), ("Cleo", "Me? Never. Tom sold his in March.")),
        "When did Cleo sell the car?",
        None,
    ),
    (
        c(("Ana", "Tom sold his car in March, right?"), ("Cleo", "No, that was Lea.")),
        "When did Tom sell his car?",
        None,
    ),
    (
        c(("Ana", "I bought the cake on Sunday, the day after the party."), ("Cleo", "Yum.")),
        "How many days before the party did Ana buy the cake?",
        None,
    ),
    (
        jd("2031-05-19 Monday", "Ran my first 10k in March. Ran my second on Sunday."),
        "When did I run my second 10k?",
        "2031-05-18",
    ),
    (
        jd("2031-05-19 Monday", "Ran my first 10k in March. Ran my second on Sunday."),
        "When did I run my third 10k?",
        None,
    ),
    (
        u("I started learning Spanish three weeks ago. My sister started Italian last week."),
        "When did I start learning Italian?",
        None,
    ),
    (
        u(
            "I was supposed to have my performance review on Friday, but it's been pushed to next week."
        ),
        "When did I have my performance review?",
        None,
    ),
    (
        u("I got my flu shot on Monday. Well, I mean I booked it for Monday."),
        "When did I get my flu shot?",
        None,
    ),
    (
        u("My flight to Oslo on Friday got cancelled, so I flew on Saturday instead."),
        "When did I fly to Oslo?",
        "2031-05-17",
    ),
    (u("My flight to Oslo on Friday got cancelled."), "When did I fly to Oslo?", None),
    (
        u("My daughter Emma took her first steps on Sunday!"),
        "When did I take my first steps?",
        None,
    ),
    (u("We adopted Bruno, our second dog, on Saturday."), "When did I adopt my first dog?", None),
    (
        u("The plumber came on Friday but couldn't fix the leak."),
        "When did the plumber fix the leak?",
        None,
    ),
    (
        u("The package I ordered on Monday arrived on Friday."),
        "When did I order the package?",
        "2031-05-12",
    ),
    (
        u("The package I ordered on Monday arrived on Friday."),
        "When did the package arrive?",
        "2031-05-16",
    ),
    (
        u(
            "My neighbour's son crashed his car on Saturday, and I drove him to the hospital on Sunday."
        ),
        "When did I crash my car?",
        None,
    ),
    (
        u(
            "My neighbour's son crashed his car on Saturday, and I drove him to the hospital on Sunday."
        ),
        "When did I drive to the hospital?",
        "2031-05-18",
    ),
    (
        u("I gave my old bike to my nephew on Friday; he crashed it on Saturday."),
        "When did I crash the bike?",
        None,
    ),
    (u("Since the accident on the 3rd I haven't driven."), "When did I drive?", None),
    (
        u("Do you think I should repaint the kitchen on Saturday?"),
        "When did I repaint the kitchen?",
        None,
    ),
    (u("What if I quit my job in June?"), "When did I quit my job?", None),
    (u("I keep dreaming that I lost my passport on Friday."), "When did I lose my passport?", None),
    (u("In the film, the hero lost his passport on Friday."), "When did I lose my passport?", None),
    (u("My sister, not me, sold the piano on Thursday."), "When did I sell the piano?", None),
    (u("It was my sister who sold the piano on Thursday."), "When did I sell the piano?", None),
    (u("Everyone but me went to the concert on Friday."), "When did I go to the concert?", None),
    (u("Neither of us went to the concert on Friday."), "When did I go to the concert?", None),
    (
        u("None of my friends came to the party on Saturday, so I went to the cinema."),
        "When did I go to the party?",
        None,
    ),
    # the third round
    (
        c(
            ("Ana", "Did the landlord send the documents?"),
            ("Cleo", "Yes, on Friday the agent sent them."),
        ),
        "When did the landlord send the documents?",
        None,
    ),
    (
        c(
            ("Ana", "Did you send the documents?"),
            ("Cleo", "Yes, on Friday the landlord sent them."),
        ),
        "When did Cleo send the documents?",
        None,
    ),
    (
        c(("Ana", "Did you and Tom paint the shed?"), ("Cleo", "We did, on Saturday.")),
        "When did Cleo paint the shed?",
        "2031-05-17",
    ),
    (
        c(
            ("Ana", "Did you and Tom paint the shed?"),
            ("Cleo", "We did. Tom did most of it on Saturday."),
        ),
        "When did Cleo paint the shed?",
        None,
    ),
    (
        c(("Ana", "Did you paint the shed?"), ("Cleo", "We did talk about it on Saturday.")),
        "When did Cleo paint the shed?",
        None,
    ),
    (
        c(
            ("Ana", "Did you paint the shed?"),
            ("Cleo", "We did the fence on Saturday, not the shed."),
        ),
        "When did Cleo paint the shed?",
        None,
    ),
    (
        c(("Ana", "Did you paint the shed?"), ("Cleo", "Yes! Well, Tom did, on Saturday.")),
        "When did Cleo paint the shed?",
        None,
    ),
    (
        c(
            ("Ana", "I went to the dentist on Tuesday. The next day my tooth stopped hurting."),
            ("Cleo", "Good."),
        ),
        "When did Ana go to the dentist?",
        "2031-05-13",
    ),
    (
        c(
            ("Ana", "I went to the dentist on Tuesday. The next day my tooth stopped hurting."),
            ("Cleo", "Good."),
        ),
        "When did Ana's tooth stop hurting?",
        "2031-05-14",
    ),
    (
        c(
            ("Ana", "We landed in Lima on Thursday. The day after, Ben got food poisoning."),
            ("Cleo", "Ugh."),
        ),
        "When did Ana land in Lima?",
        "2031-05-15",
    ),
    (
        u("I signed up for the gym on the 2nd and went for the first time a week later."),
        "When did I go to the gym for the first time?",
        "2031-05-09",
    ),
    (
        u("I signed up for the gym on the 2nd and went for the first time a week later."),
        "When did I sign up for the gym?",
        "2031-05-02",
    ),
    (
        u("I finished the puzzle three days before my birthday."),
        "When did I finish the puzzle?",
        None,
    ),
    (
        u("I started the new job two weeks after I moved, and I moved on the 1st."),
        "When did I move?",
        "2031-05-01",
    ),
    (
        u("My second Spanish class was on Thursday; the first one was the week before."),
        "When did I have my first Spanish class?",
        "WEEK",
    ),
    (
        u("My second Spanish class was on Thursday; the first one was the week before."),
        "When did I have my second Spanish class?",
        "2031-05-15",
    ),
    (
        u("I've been to Paris twice: in March and in April."),
        "When did I first go to Paris?",
        "2031-03",
    ),
    (
        u("I've been to Paris twice: in March and in April."),
        "When did I go to Paris for the third time?",
        None,
    ),
    (
        u("I went to the vet on Friday with Bruno, and the groomer took him on Saturday."),
        "When did I take Bruno to the groomer?",
        None,
    ),
    (
        u("My parents arrived on Friday and my sister the day after."),
        "When did my sister arrive?",
        "2031-05-17",
    ),
    (
        u("My parents arrived on Friday and my sister the day after."),
        "When did my parents arrive?",
        "2031-05-16",
    ),
    (
        u("I visited Rome from the 3rd to the 10th; my sister joined from the 8th."),
        "When did I arrive in Rome?",
        None,
    ),
    (u("How long would it take to drive to Leeds on Friday?"), "When did I drive to Leeds?", None),
    (u("Remind me to call the bank on Friday."), "When did I call the bank?", None),
    (u("Can you help me plan the party on Saturday?"), "When did I have the party?", None),
    (
        u("I'm choosing between selling the car on Friday or keeping it."),
        "When did I sell the car?",
        None,
    ),
    (
        u("Last year I ran the marathon in April; this year I skipped it."),
        "When did I run the marathon?",
        "2030-04",
    ),
    (
        u("I usually go swimming on Fridays, but I went on Thursday this week."),
        "When did I go swimming?",
        "2031-05-15",
    ),
    (u("I used to play tennis on Sundays."), "When did I play tennis?", None),
    (
        u("My old boss retired in March, and the new one started on Monday the 12th."),
        "When did I start my new job?",
        None,
    ),
    (
        u("My old boss retired in March, and the new one started on Monday the 12th."),
        "When did my new boss start?",
        "2031-05-12",
    ),
    (
        u("Our cat Mochi went missing on Tuesday; Ben found her on Thursday."),
        "When did I find Mochi?",
        None,
    ),
    (
        u("Our cat Mochi went missing on Tuesday; I found her on Thursday."),
        "When did Mochi go missing?",
        "2031-05-13",
    ),
    (
        jd("2031-05-14 Wednesday", "Dinner at Pia's. She told me she got engaged on Saturday."),
        "When did I get engaged?",
        None,
    ),
    (
        jd("2031-05-14 Wednesday", "Dinner at Pia's. She told me she got engaged on Saturday."),
        "When did Pia get engaged?",
        "2031-05-10",
    ),
    (
        jd("2031-05-14 Wednesday", "Dinner at Pia's. Her brother got engaged on Saturday."),
        "When did Pia get engaged?",
        None,
    ),
    (
        org(
            "* Holiday in Crete\n<2031-04-05 Sat>--<2031-04-12 Sat>\n** Rented a scooter\n** Visited Knossos on the second day\n"
        ),
        "When did I visit Knossos?",
        "2031-04-06",
    ),
    (
        org("* Holiday in Crete\n<2031-04-05 Sat>--<2031-04-12 Sat>\n** Rented a scooter\n"),
        "When did I rent a scooter?",
        "RANGE",
    ),
    (
        org(
            "* Projects\n** Garden shed\nSCHEDULED: <2031-04-01 Tue>\n*** DONE Build the frame\nCLOSED: [2031-04-20 Sun 16:00]\n*** TODO Paint the shed\n"
        ),
        "When did I paint the shed?",
        None,
    ),
    (
        org(
            "* Projects\n** Garden shed\nSCHEDULED: <2031-04-01 Tue>\n*** DONE Build the frame\nCLOSED: [2031-04-20 Sun 16:00]\n*** TODO Paint the shed\n"
        ),
        "When did I start the garden shed?",
        None,
    ),
    (
        org(
            "* Projects\n** DONE Garden shed\nCLOSED: [2031-04-20 Sun 16:00]\n*** Bought the timber <2031-04-02 Wed>\n"
        ),
        "When did I buy the timber?",
        "2031-04-02",
    ),
    (
        org(
            "* Projects\n** DONE Garden shed\nCLOSED: [2031-04-20 Sun 16:00]\n*** Bought the timber\n"
        ),
        "When did I buy the timber?",
        None,
    ),
    (
        org("** TODO Renew car insurance\nDEADLINE: <2031-05-01 Thu>\n"),
        "When did I renew the car insurance?",
        None,
    ),
    (
        org(
            '** DONE Renew car insurance\n:LOGBOOK:\n- State "DONE"       from "WAITING"    [2031-05-02 Fri 09:00]\n- State "WAITING"    from "TODO"       [2031-04-25 Fri 10:00] \\\\\n  Sent the form to the broker.\n:END:\n'
        ),
        "When did I send the form to the broker?",
        "2031-04-25",
    ),
    (
        org(
            '** DONE Renew car insurance\n:LOGBOOK:\n- State "DONE"       from "WAITING"    [2031-05-02 Fri 09:00]\n- State "WAITING"    from "TODO"       [2031-04-25 Fri 10:00]\n:END:\n'
        ),
        "When did I start renewing the car insurance?",
        None,
    ),
    (
        org(
            "** DONE Write the report\n:LOGBOOK:\nCLOCK: [2031-05-05 Mon 09:00]--[2031-05-05 Mon 11:00] =>  2:00\nCLOCK: [2031-05-06 Tue 09:00]--[2031-05-06 Tue 10:30] =>  1:30\n:END:\n"
        ),
        "When did I finish writing the report?",
        None,
    ),
]


def _verdict(notes: dict[str, str], question: str, gold: str | None, tmp) -> tuple[bool, bool]:
    """(answered, right) for one probe."""
    doc = answer(tmp, notes, question, now=NOW, tz=TZ)
    accepted = doc["status"] == "accepted"
    value = doc.get("value") or {}
    if gold is None:
        return accepted, not accepted
    if gold == "RANGE":
        return accepted, not accepted or value.get("grain") not in (None, "day")
    if gold == "WEEK":
        return accepted, not accepted or value.get("grain") == "week"
    return accepted, accepted and str(value.get("date") or "").startswith(gold)


@pytest.mark.parametrize(
    ("notes", "question", "gold"),
    [pytest.param(n, q, g, id=f"{i:02d}") for i, (n, q, g) in enumerate(PROBES)],
)
def test_no_probe_is_answered_wrongly(
    tmp_path_factory: pytest.TempPathFactory,
    notes: dict[str, str],
    question: str,
    gold: str | None,
) -> None:
    answered, right = _verdict(notes, question, gold, tmp_path_factory.mktemp("probe"))
    assert right or not answered, question


def test_the_answerable_probes_are_mostly_answered(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    answerable = [(n, q, g) for n, q, g in PROBES if g not in (None, "RANGE", "WEEK")]
    right = sum(
        _verdict(n, q, g, tmp_path_factory.mktemp("answerable"))[1] for n, q, g in answerable
    )
    assert right >= 17, f"{right} of {len(answerable)}"  # 17 of 50 when written
