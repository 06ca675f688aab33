import { welshAgeRange, welshDate, type CatalogPart } from './catalogue.ts';

const WHAT: Readonly<Record<string, string>> = {
  'login attempts': 'o ymdrechion i fewngofnodi',
  'sign-up attempts': 'o ymdrechion i greu cyfrif',
  'password reset requests': 'o geisiadau i ailosod cyfrinair',
};

/** Welsh for logging in, accounts and family, credit and memberships (modules auth, account, credits, memberships). */
export const account: CatalogPart = {
  exact: {
    // auth
    'These credentials do not match our records.': "Nid yw'r manylion hyn yn cyfateb i'n cofnodion.",
    'The current password is not correct.': "Nid yw'r cyfrinair presennol yn gywir.",
    'This login link has expired. Please log in.': "Mae'r ddolen fewngofnodi hon wedi dod i ben. Mewngofnodwch.",
    'This password reset link is invalid or has expired. Ask for a new one.': "Mae'r ddolen ailosod cyfrinair hon yn annilys neu wedi dod i ben. Gofynnwch am un newydd.",
    'This request did not come from our site. Reload the page and try again.': "Nid o'n gwefan ni y daeth y cais hwn. Ail-lwythwch y dudalen a rhowch gynnig arall arni.",
    'The password must not contain your name or email address.': "Ni ddylai'r cyfrinair gynnwys eich enw na'ch cyfeiriad e-bost.",
    'This password is too common or easy to guess. Choose another.': "Mae'r cyfrinair hwn yn rhy gyffredin neu'n hawdd ei ddyfalu. Dewiswch un arall.",
    'An emergency contact needs a name and a phone number.': 'Mae angen enw a rhif ffôn ar gyfer cyswllt mewn argyfwng.',
    'Your date of birth is already on your account. Ask the venue to correct it.': "Mae eich dyddiad geni eisoes ar eich cyfrif. Gofynnwch i'r ganolfan ei gywiro.",
    'Your date of birth has been saved.': "Mae eich dyddiad geni wedi'i gadw.",
    'If we have an account with those details, we have sent it an email with a link to reset the password.':
      "Os oes gennym gyfrif gyda'r manylion hynny, rydym wedi anfon e-bost ato gyda dolen i ailosod y cyfrinair.",
    'Your password has been changed. Log in with your new password.': "Mae eich cyfrinair wedi'i newid. Mewngofnodwch gyda'ch cyfrinair newydd.",
    'Your password has been changed. You have been logged out on every other device.': "Mae eich cyfrinair wedi'i newid. Rydych wedi cael eich allgofnodi ar bob dyfais arall.",
    'Thank you for signing up. We have sent you an email.': 'Diolch am greu cyfrif. Rydym wedi anfon e-bost atoch.',
    'Logged in.': 'Wedi mewngofnodi.',
    'Logged out.': 'Wedi allgofnodi.',
    'Logged out everywhere.': 'Wedi allgofnodi ym mhobman.',
    // account (family)
    'A child needs a date of birth.': 'Mae angen dyddiad geni ar gyfer plentyn.',
    'This family member has bookings or places held, so they cannot be removed.': "Mae gan yr aelod hwn o'r teulu archebion neu leoedd wedi'u cadw, felly nid oes modd ei dynnu.",
    'This is you, not a family member: change your own details in My details.': "Chi yw hwn, nid aelod o'r teulu: newidiwch eich manylion eich hun yn Fy manylion.",
    "We couldn't find that family member.": "Ni chawsom hyd i'r aelod hwnnw o'r teulu.",
    'Family member removed.': "Aelod o'r teulu wedi'i dynnu.",
    // credits
    'Credit amount could not be applied.': 'Nid oedd modd defnyddio swm y credyd.',
    'Credit successfully applied.': "Credyd wedi'i ddefnyddio'n llwyddiannus.",
    'More credit than the basket costs.': "Mwy o gredyd nag y mae'r fasged yn ei gostio.",
    'Not enough general credit.': 'Dim digon o gredyd cyffredinol.',
    // memberships
    'An annual membership is paid by card: there is no Direct Debit to set up.': "Mae aelodaeth flynyddol yn cael ei thalu â cherdyn: nid oes Debyd Uniongyrchol i'w sefydlu.",
    'Enter the date of birth.': 'Rhowch y dyddiad geni.',
    'Enter a real date of birth, in the past.': 'Rhowch ddyddiad geni go iawn, yn y gorffennol.',
    'Enter the start date as YYYY-MM-DD.': 'Rhowch y dyddiad dechrau fel BBBB-MM-DD.',
    'The start date cannot be in the past.': 'Ni all y dyddiad dechrau fod yn y gorffennol.',
    'Nothing is due today: complete the join.': "Nid oes dim i'w dalu heddiw: cwblhewch yr ymuno.",
    'Nothing is owed on this membership.': 'Nid oes dim yn ddyledus ar yr aelodaeth hon.',
    'Set up the Direct Debit first.': 'Sefydlwch y Debyd Uniongyrchol yn gyntaf.',
    'The sort code and account number do not match. Check them against your bank card or statement.':
      "Nid yw'r cod didoli a'r rhif cyfrif yn cyfateb. Gwiriwch nhw yn erbyn eich cerdyn banc neu'ch cyfriflen.",
    'This is not the date of birth on the account. Ask at reception to correct it.': "Nid hwn yw'r dyddiad geni ar y cyfrif. Gofynnwch yn y dderbynfa i'w gywiro.",
    'This membership has already been set up (in another tab or window). Nothing more was charged.':
      "Mae'r aelodaeth hon eisoes wedi'i sefydlu (mewn tab neu ffenestr arall). Ni chodwyd dim mwy.",
    'This membership has not been set up yet.': "Nid yw'r aelodaeth hon wedi'i sefydlu eto.",
    'Your bank could not be found for this sort code. Check it, or use another account.': "Ni chafwyd hyd i'ch banc ar gyfer y cod didoli hwn. Gwiriwch ef, neu defnyddiwch gyfrif arall.",
    'Your bank could not set up this Direct Debit. Check the details, or use another account.': "Nid oedd eich banc yn gallu sefydlu'r Debyd Uniongyrchol hwn. Gwiriwch y manylion, neu defnyddiwch gyfrif arall.",
    'This Direct Debit link is not valid. Check that you opened the whole link from the email.': "Nid yw'r ddolen Debyd Uniongyrchol hon yn ddilys. Gwiriwch eich bod wedi agor y ddolen gyfan o'r e-bost.",
    'This link has already been used: the Direct Debit is set up. See your membership in My account.':
      "Mae'r ddolen hon eisoes wedi'i defnyddio: mae'r Debyd Uniongyrchol wedi'i sefydlu. Gwelwch eich aelodaeth yn Fy nghyfrif.",
    'This link has expired. Ask at reception for a new one.': "Mae'r ddolen hon wedi dod i ben. Gofynnwch yn y dderbynfa am un newydd.",
    'This membership is not waiting for a Direct Debit: there is no link to send.': "Nid yw'r aelodaeth hon yn aros am Ddebyd Uniongyrchol: nid oes dolen i'w hanfon.",
    'This plan is not sold at this venue.': "Nid yw'r cynllun hwn ar werth yn y ganolfan hon.",
    'This plan is for people aged 18 and over on the start date.': "Mae'r cynllun hwn ar gyfer pobl 18 oed a hŷn ar y dyddiad dechrau.",
    'This plan is for people aged 60 and over on the start date.': "Mae'r cynllun hwn ar gyfer pobl 60 oed a hŷn ar y dyddiad dechrau.",
    'This plan is for people under 16 on the start date.': "Mae'r cynllun hwn ar gyfer pobl dan 16 oed ar y dyddiad dechrau.",
    'This membership is cancelled.': "Mae'r aelodaeth hon wedi'i chanslo.",
    'After the 14-day cooling-off period you can cancel with one month’s notice from your next Direct Debit: that Direct Debit is the last one, and your membership ends the day before the following 1st.':
      "Ar ôl y cyfnod ailfeddwl o 14 diwrnod gallwch ganslo gyda mis o rybudd o'ch Debyd Uniongyrchol nesaf: y Debyd Uniongyrchol hwnnw yw'r olaf, ac mae eich aelodaeth yn dod i ben y diwrnod cyn y 1af sy'n dilyn.",
    'Paid for the year: it ends on its last day unless you renew, and after the 14-day cooling-off period it is not refunded.':
      "Wedi'i thalu am y flwyddyn: mae'n dod i ben ar ei diwrnod olaf oni bai eich bod yn adnewyddu, ac ar ôl y cyfnod ailfeddwl o 14 diwrnod nid yw'n cael ei had-dalu.",
    'Your membership is paid up. You can book again.': "Mae eich aelodaeth wedi'i thalu. Gallwch archebu eto.",
    'There is no date of birth on this person\'s record: add it before selling a membership.': 'Nid oes dyddiad geni ar gofnod y person hwn: ychwanegwch ef cyn gwerthu aelodaeth.',
    'Account credit cannot pay for a membership: take cash, a cheque, a voucher or the card terminal.':
      "Ni all credyd cyfrif dalu am aelodaeth: cymerwch arian parod, siec, taleb neu'r derfynell gardiau.",
  },
  patterns: [
    ['Too many {what}. Try again in {n} seconds.', (v) => `Gormod ${WHAT[v.what!] ?? v.what}. Rhowch gynnig arall arni ymhen ${v.n} eiliad.`],
    ['You can add up to {max} family members a day. Please try again in {n} {unit}.', "Gallwch ychwanegu hyd at {max} aelod o'r teulu bob dydd. Rhowch gynnig arall arni ymhen {n} awr."],
    ['An account can hold at most {max} family members.', "Gall cyfrif gynnwys {max} aelod o'r teulu ar y mwyaf."],
    ['Not enough {type} credit.', (v) => `Dim digon o gredyd ${v.type === 'membership' ? 'aelodaeth' : v.type === 'general' ? 'cyffredinol' : v.type}.`],
    ['Your account credit does not cover the {amount} late-cancellation fee. Please pay it by card.', "Nid yw credyd eich cyfrif yn ddigon i dalu'r ffi canslo hwyr o {amount}. Talwch hi â cherdyn."],
    ['The start date must be within {days} days of today (by {date}).', (v) => `Rhaid i'r dyddiad dechrau fod o fewn ${v.days} diwrnod i heddiw (erbyn ${welshDate(v.date!)}).`],
    ['You already hold {plan}: a person can hold each plan once.', 'Mae gennych {plan} yn barod: gall person gael pob cynllun unwaith.'],
    ["Today's payment is now {amount}. Please check the amount and pay again.", 'Taliad heddiw yw {amount} bellach. Gwiriwch y swm a thalwch eto.'],
    ['You now owe {amount}. Please check the amount and pay again.', 'Mae arnoch {amount} erbyn hyn. Gwiriwch y swm a thalwch eto.'],
    ['The payments do not add up to today\'s total ({amount}).', "Nid yw'r taliadau'n dod i gyfanswm heddiw ({amount})."],
    ['The payments must add up to {amount}.', "Rhaid i'r taliadau ddod i {amount}."],
    ['This membership is cancelled: it ends on {date}.', (v) => `Mae'r aelodaeth hon wedi'i chanslo: mae'n dod i ben ar ${welshDate(v.date!)}.`],
    ["This membership has a 12-month minimum term that ends on {date}, so it can't be cancelled online before then.", (v) => `Mae gan yr aelodaeth hon isafswm cyfnod o 12 mis sy'n dod i ben ar ${welshDate(v.date!)}, felly nid oes modd ei chanslo ar-lein cyn hynny.`],
    ['You are within the 14-day cooling-off period (until {date}): the membership ends today and everything you have paid, {amount}, is refunded. The Direct Debit is cancelled.', (v) => `Rydych o fewn y cyfnod ailfeddwl o 14 diwrnod (tan ${welshDate(v.date!)}): mae'r aelodaeth yn dod i ben heddiw ac mae popeth rydych wedi'i dalu, ${v.amount}, yn cael ei ad-dalu. Mae'r Debyd Uniongyrchol wedi'i ganslo.`],
    ['Your membership is paid up to {date}: it ends then and will not renew. Nothing is refunded after the cooling-off period.', (v) => `Mae eich aelodaeth wedi'i thalu hyd at ${welshDate(v.date!)}: mae'n dod i ben bryd hynny ac ni fydd yn adnewyddu. Nid oes dim yn cael ei ad-dalu ar ôl y cyfnod ailfeddwl.`],
    ["One month's notice from your next Direct Debit: the last Direct Debit is {amount} on {date}, and your membership ends on {ends}.", (v) => `Mis o rybudd o'ch Debyd Uniongyrchol nesaf: y Debyd Uniongyrchol olaf yw ${v.amount} ar ${welshDate(v.date!)}, ac mae eich aelodaeth yn dod i ben ar ${welshDate(v.ends!)}.`],
    ['{preview} Please check and confirm again.', (v, welsh) => `${welsh(v.preview!)} Gwiriwch a chadarnhewch eto.`],
    ['To end it early (for example if you move away or for medical reasons), speak to the team at {venue} or contact {client}.', "I ddod â'r aelodaeth i ben yn gynnar (er enghraifft os ydych yn symud i ffwrdd neu am resymau meddygol), siaradwch â'r tîm yn {venue} neu cysylltwch â {client}."],
    ['Welcome! Your membership number is {number}.', 'Croeso! Eich rhif aelodaeth yw {number}.'],
    ['Your Direct Debit is set up: membership {number} is active.', "Mae eich Debyd Uniongyrchol wedi'i sefydlu: mae aelodaeth {number} yn weithredol."],
    ['Membership {number} sold and active.', "Aelodaeth {number} wedi'i gwerthu ac yn weithredol."],
    ['Membership {number} sold. It becomes active when the member sets up their Direct Debit from the link sent to {email}.', "Aelodaeth {number} wedi'i gwerthu. Bydd yn dod yn weithredol pan fydd yr aelod yn sefydlu ei Ddebyd Uniongyrchol o'r ddolen a anfonwyd at {email}."],
    ['A new Direct Debit link has been sent to {email}. Earlier links no longer work.', "Mae dolen Debyd Uniongyrchol newydd wedi'i hanfon at {email}. Nid yw dolenni cynharach yn gweithio mwyach."],
    ['{name} has no date of birth on the account; this course is for {range}.', (v) => `Nid oes dyddiad geni ${v.name} ar y cyfrif; mae'r cwrs hwn ar gyfer ${welshAgeRange(v.range!)}.`],
    ['{name} will be {age} when the course starts; it is for {range}.', (v) => `Bydd ${v.name} yn ${v.age} oed pan fydd y cwrs yn dechrau; mae ar gyfer ${welshAgeRange(v.range!)}.`],
    ["The {ticket} ticket is for {range}; add {name}'s date of birth in My account to book it.", (v) => `Mae'r tocyn ${v.ticket} ar gyfer ${welshAgeRange(v.range!)}; ychwanegwch ddyddiad geni ${v.name} yn Fy nghyfrif i'w archebu.`],
    ['The {ticket} ticket is for {range}; {name} is {age}.', (v) => `Mae'r tocyn ${v.ticket} ar gyfer ${welshAgeRange(v.range!)}; mae ${v.name} yn ${v.age} oed.`],
  ],
};

