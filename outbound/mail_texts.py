"""The words of each kind of mail in nl, en and de; jinja fills in the names.

A kind has a subject, lines (paragraphs) and, where a link is the point of the
mail, the label of its button. The layout around them is templates/mail/.
"""

from __future__ import annotations

LANGUAGES = ("nl", "en", "de")

Texts = dict[str, str | list[str]]

TEXTS: dict[str, dict[str, Texts]] = {
    "reply": {
        "en": {
            "subject": "[{{ reference }}] {{ description }}",
            "greeting": "Hello {{ name }},",
            "lines": [],
            "button": "View your request",
        },
        "nl": {
            "subject": "[{{ reference }}] {{ description }}",
            "greeting": "Beste {{ name }},",
            "lines": [],
            "button": "Bekijk uw verzoek",
        },
        "de": {
            "subject": "[{{ reference }}] {{ description }}",
            "greeting": "Hallo {{ name }},",
            "lines": [],
            "button": "Ihre Anfrage ansehen",
        },
    },
    "opened": {
        "en": {
            "subject": "[{{ reference }}] We received your request: {{ description }}",
            "greeting": "Hello {{ name }},",
            "lines": [
                "We received your request and registered it as {{ reference }}.",
                "Reply to this mail to add to it; keep {{ reference }} in the subject.",
            ],
            "button": "View your request",
        },
        "nl": {
            "subject": "[{{ reference }}] Uw verzoek is ontvangen: {{ description }}",
            "greeting": "Beste {{ name }},",
            "lines": [
                "We hebben uw verzoek ontvangen en geregistreerd als {{ reference }}.",
                "Beantwoord deze mail om iets toe te voegen; laat {{ reference }} "
                "in het onderwerp staan.",
            ],
            "button": "Bekijk uw verzoek",
        },
        "de": {
            "subject": "[{{ reference }}] Ihre Anfrage ist eingegangen: "
            "{{ description }}",
            "greeting": "Hallo {{ name }},",
            "lines": [
                "Wir haben Ihre Anfrage erhalten und als {{ reference }} erfasst.",
                "Antworten Sie auf diese Mail, um etwas hinzuzufügen; lassen Sie "
                "{{ reference }} im Betreff stehen.",
            ],
            "button": "Ihre Anfrage ansehen",
        },
    },
    "status": {
        "en": {
            "subject": "[{{ reference }}] Status: {{ status }}",
            "greeting": "Hello {{ name }},",
            "lines": ["Your request {{ reference }} is now: {{ status }}."],
            "button": "View your request",
        },
        "nl": {
            "subject": "[{{ reference }}] Status: {{ status }}",
            "greeting": "Beste {{ name }},",
            "lines": ["Uw verzoek {{ reference }} heeft nu de status: {{ status }}."],
            "button": "Bekijk uw verzoek",
        },
        "de": {
            "subject": "[{{ reference }}] Status: {{ status }}",
            "greeting": "Hallo {{ name }},",
            "lines": [
                "Ihre Anfrage {{ reference }} hat jetzt den Status: {{ status }}."
            ],
            "button": "Ihre Anfrage ansehen",
        },
    },
    "quote": {
        "en": {
            "subject": "Quote: {{ quote }}",
            "greeting": "Hello {{ name }},",
            "lines": ["{{ tenant }} sent you a quote: {{ quote }}."],
            "button": "View and accept the quote",
        },
        "nl": {
            "subject": "Offerte: {{ quote }}",
            "greeting": "Beste {{ name }},",
            "lines": ["{{ tenant }} heeft u een offerte gestuurd: {{ quote }}."],
            "button": "Bekijk en accepteer de offerte",
        },
        "de": {
            "subject": "Angebot: {{ quote }}",
            "greeting": "Hallo {{ name }},",
            "lines": ["{{ tenant }} hat Ihnen ein Angebot geschickt: {{ quote }}."],
            "button": "Angebot ansehen und annehmen",
        },
    },
    "password_reset": {
        "en": {
            "subject": "{{ tenant }} Portal: reset your password",
            "greeting": "Hello {{ name }},",
            "lines": [
                "Set a new password with the link below.",
                "The link works once, for one hour. If you did not ask for it, "
                "ignore this mail.",
            ],
            "button": "Set a new password",
        },
        "nl": {
            "subject": "{{ tenant }} Portal: stel uw wachtwoord opnieuw in",
            "greeting": "Beste {{ name }},",
            "lines": [
                "Stel met de link hieronder een nieuw wachtwoord in.",
                "De link werkt één keer, een uur lang. Heeft u hier niet om "
                "gevraagd, negeer deze mail dan.",
            ],
            "button": "Nieuw wachtwoord instellen",
        },
        "de": {
            "subject": "{{ tenant }} Portal: Passwort zurücksetzen",
            "greeting": "Hallo {{ name }},",
            "lines": [
                "Legen Sie mit dem Link unten ein neues Passwort fest.",
                "Der Link funktioniert einmal, eine Stunde lang. Wenn Sie ihn "
                "nicht angefordert haben, ignorieren Sie diese Mail.",
            ],
            "button": "Neues Passwort festlegen",
        },
    },
    "mention": {
        "en": {
            "subject": "[{{ reference }}] {{ actor }} mentioned you",
            "greeting": "Hello {{ name }},",
            "lines": [
                "{{ actor }} mentioned you on {{ reference }}: {{ description }}."
            ],
            "button": "Open the ticket",
        },
        "nl": {
            "subject": "[{{ reference }}] {{ actor }} noemde u",
            "greeting": "Hallo {{ name }},",
            "lines": ["{{ actor }} noemde u bij {{ reference }}: {{ description }}."],
            "button": "Open het ticket",
        },
        "de": {
            "subject": "[{{ reference }}] {{ actor }} hat Sie erwähnt",
            "greeting": "Hallo {{ name }},",
            "lines": [
                "{{ actor }} hat Sie bei {{ reference }} erwähnt: {{ description }}."
            ],
            "button": "Ticket öffnen",
        },
    },
    "client_reply": {
        "en": {
            "subject": "[{{ reference }}] {{ actor }} replied",
            "greeting": "Hello {{ name }},",
            "lines": ["{{ actor }} replied on {{ reference }}: {{ description }}."],
            "button": "Open the ticket",
        },
        "nl": {
            "subject": "[{{ reference }}] {{ actor }} reageerde",
            "greeting": "Hallo {{ name }},",
            "lines": ["{{ actor }} reageerde op {{ reference }}: {{ description }}."],
            "button": "Open het ticket",
        },
        "de": {
            "subject": "[{{ reference }}] {{ actor }} hat geantwortet",
            "greeting": "Hallo {{ name }},",
            "lines": [
                "{{ actor }} hat auf {{ reference }} geantwortet: {{ description }}."
            ],
            "button": "Ticket öffnen",
        },
    },
    "sla_warned": {
        "en": {
            "subject": "[{{ reference }}] SLA: the {{ target_en }} is nearly due",
            "greeting": "Hello {{ name }},",
            "lines": [
                "The {{ target_en }} of {{ reference }} ({{ description }}) is due "
                "at {{ due_at }}: most of its time under the SLA is used up."
            ],
            "button": "Open the ticket",
        },
        "nl": {
            "subject": "[{{ reference }}] SLA: de {{ target_nl }} is bijna te laat",
            "greeting": "Hallo {{ name }},",
            "lines": [
                "De {{ target_nl }} van {{ reference }} ({{ description }}) moet er "
                "uiterlijk {{ due_at }} zijn: de meeste tijd volgens de SLA is op."
            ],
            "button": "Open het ticket",
        },
        "de": {
            "subject": "[{{ reference }}] SLA: die {{ target_de }} ist bald fällig",
            "greeting": "Hallo {{ name }},",
            "lines": [
                "Die {{ target_de }} zu {{ reference }} ({{ description }}) ist "
                "{{ due_at }} fällig: die Zeit laut SLA ist größtenteils verbraucht."
            ],
            "button": "Ticket öffnen",
        },
    },
    "sla_breached": {
        "en": {
            "subject": "[{{ reference }}] SLA breached: the {{ target_en }} is late",
            "greeting": "Hello {{ name }},",
            "lines": [
                "The {{ target_en }} of {{ reference }} ({{ description }}) was due "
                "at {{ due_at }} and has not been given."
            ],
            "button": "Open the ticket",
        },
        "nl": {
            "subject": (
                "[{{ reference }}] SLA overschreden: de {{ target_nl }} is te laat"
            ),
            "greeting": "Hallo {{ name }},",
            "lines": [
                "De {{ target_nl }} van {{ reference }} ({{ description }}) moest er "
                "uiterlijk {{ due_at }} zijn en is er nog niet."
            ],
            "button": "Open het ticket",
        },
        "de": {
            "subject": (
                "[{{ reference }}] SLA verletzt: die {{ target_de }} ist überfällig"
            ),
            "greeting": "Hallo {{ name }},",
            "lines": [
                "Die {{ target_de }} zu {{ reference }} ({{ description }}) war "
                "{{ due_at }} fällig und steht noch aus."
            ],
            "button": "Ticket öffnen",
        },
    },
    "invoice": {
        "en": {
            "subject": "{% if credit %}Credit note{% else %}Invoice{% endif %} "
            "{{ number }} from {{ tenant }}",
            "greeting": "Hello {{ name }},",
            "lines": [
                "Attached is {% if credit %}credit note{% else %}invoice{% endif %} "
                "{{ number }} of {{ amount }}{% if due_date and not credit %}, "
                "due on {{ due_date }}{% endif %}.",
                "{% if ubl %}The e-invoice (UBL) is attached too, for your accounting "
                "software.{% endif %}",
            ],
            "button": "View your invoices",
        },
        "nl": {
            "subject": "{% if credit %}Creditfactuur{% else %}Factuur{% endif %} "
            "{{ number }} van {{ tenant }}",
            "greeting": "Beste {{ name }},",
            "lines": [
                "Bijgaand vindt u {% if credit %}creditfactuur{% else %}factuur"
                "{% endif %} {{ number }} van {{ amount }}"
                "{% if due_date and not credit %}, te betalen uiterlijk "
                "{{ due_date }}{% endif %}.",
                "{% if ubl %}De e-factuur (UBL) zit er ook bij, voor uw boekhoudpakket."
                "{% endif %}",
            ],
            "button": "Bekijk uw facturen",
        },
        "de": {
            "subject": "{% if credit %}Gutschrift{% else %}Rechnung{% endif %} "
            "{{ number }} von {{ tenant }}",
            "greeting": "Hallo {{ name }},",
            "lines": [
                "Anbei erhalten Sie {% if credit %}die Gutschrift{% else %}die "
                "Rechnung{% endif %} {{ number }} über {{ amount }}"
                "{% if due_date and not credit %}, fällig am {{ due_date }}"
                "{% endif %}.",
                "{% if ubl %}Die E-Rechnung (UBL) liegt ebenfalls bei, für Ihre "
                "Buchhaltungssoftware.{% endif %}",
            ],
            "button": "Ihre Rechnungen ansehen",
        },
    },
    "test": {
        "en": {
            "subject": "{{ tenant }}: test mail",
            "greeting": "Hello,",
            "lines": ["This test mail shows that {{ tenant }}'s mail settings work."],
            "button": "",
        },
        "nl": {
            "subject": "{{ tenant }}: testmail",
            "greeting": "Hallo,",
            "lines": [
                "Deze testmail laat zien dat de mailinstellingen van "
                "{{ tenant }} werken."
            ],
            "button": "",
        },
        "de": {
            "subject": "{{ tenant }}: Testmail",
            "greeting": "Hallo,",
            "lines": [
                "Diese Testmail zeigt, dass die Mail-Einstellungen von "
                "{{ tenant }} funktionieren."
            ],
            "button": "",
        },
    },
}
