/**
 * The Welsh of texts.ts (issue 27): the Direct Debit Guarantee as the Welsh-language Guarantee
 * reads ("Gwarant Debyd Uniongyrchol"; `{payee}` is the operator's name on the bank statement)
 * and the cooling-off notice. The agreement email of a customer whose language is Welsh uses them;
 * the web may too. Each paragraph says what its English one in texts.ts says.
 */
export const DIRECT_DEBIT_GUARANTEE_TITLE_CY = 'Gwarant Debyd Uniongyrchol';

export const directDebitGuaranteeCy = (payee: string): string[] => [
  'Cynigir y Warant hon gan bob banc a chymdeithas adeiladu sy’n derbyn cyfarwyddiadau i dalu Debydau Uniongyrchol.',
  `Os bydd unrhyw newid i swm, dyddiad neu amlder eich Debyd Uniongyrchol, bydd ${payee} yn rhoi gwybod i chi 3 diwrnod gwaith cyn i’ch cyfrif gael ei ddebydu, neu fel y cytunwyd fel arall. Os byddwch yn gofyn i ${payee} gasglu taliad, cewch gadarnhad o’r swm a’r dyddiad pan fyddwch yn gwneud y cais.`,
  `Os gwneir camgymeriad wrth dalu eich Debyd Uniongyrchol, gan ${payee} neu gan eich banc neu gymdeithas adeiladu, mae gennych hawl i ad-daliad llawn ar unwaith o’r swm a dalwyd gan eich banc neu gymdeithas adeiladu.`,
  `Os cewch ad-daliad nad oes gennych hawl iddo, rhaid i chi ei dalu’n ôl pan fydd ${payee} yn gofyn i chi wneud hynny.`,
  'Gallwch ganslo Debyd Uniongyrchol ar unrhyw adeg drwy gysylltu â’ch banc neu gymdeithas adeiladu. Efallai y bydd angen cadarnhad ysgrifenedig. Rhowch wybod i ninnau hefyd.',
];

export const COOLING_OFF_TITLE_CY = 'Eich hawl i ganslo';
export const coolingOffNoticeCy = (endsOnText: string): string =>
  `Gallwch ganslo’r aelodaeth hon o fewn 14 diwrnod i ymuno, hyd at a chan gynnwys ${endsOnText}, a chael ad-daliad llawn o bopeth rydych wedi’i dalu. Canslwch o Fy nghyfrif → Aelodaethau, neu holwch yn y dderbynfa.`;
