/**
 * How shoppers write the Bangla words of the catalogue's product names in Latin letters, so
 * search finds দেশি পেঁয়াজ by "deshi peyaj" and আলু by "alu" or "aloo" (DESIGN.md §9). A table
 * of the words in the seeded names, each with its common spellings, rather than a general
 * transliterator: Bangla spelling does not map letter by letter to how it is romanised (অ is
 * "o" or "a", শ/ষ/স "sh" or "s", the inherent vowel comes and goes), and the general libraries
 * tried (transliteration, unidecode) give "aalu" and "trmuj". A product named with a word missing
 * here is still found by its English and its Bangla name.
 */
const spellings: Record<string, readonly string[]> = {
  অ্যাভোকাডো: ['avocado'],
  আঙুর: ['angur', 'angoor'],
  আদা: ['ada'],
  আনারস: ['anaros', 'anarosh', 'anarash'],
  আপেল: ['apel', 'apple'],
  আম: ['am', 'aam'],
  আম্রপালি: ['amrapali', 'amropali'],
  আঁটি: ['anti', 'aati'],
  আলু: ['alu', 'aloo'],
  কমলা: ['komola', 'kamala', 'komla'],
  কলমি: ['kolmi', 'kalmi'],
  কলা: ['kola', 'kala'],
  কাগজি: ['kagoji', 'kagzi', 'kagji'],
  কালো: ['kalo'],
  কাঁচা: ['kacha', 'kancha'],
  কিউই: ['kiwi'],
  কুইন: ['queen'],
  ক্যাপসিকাম: ['capsicum', 'kapsikam'],
  গাজর: ['gajor', 'gajar'],
  চাঁপা: ['champa', 'chapa'],
  চায়নিজ: ['chinese', 'chaynij'],
  চিনাবাদাম: ['chinabadam', 'chinebadam'],
  জলপাই: ['jolpai', 'jalpai'],
  টমেটো: ['tomato', 'tometo'],
  ডাব: ['dab', 'daab'],
  ধনেপাতা: ['dhonepata', 'dhoniapata', 'dhaniapata'],
  নারিকেল: ['narikel', 'narkel'],
  তরমুজ: ['tormuj', 'tarmuj', 'tormuz'],
  দেশি: ['deshi', 'desi'],
  নাশপাতি: ['nashpati', 'naspati'],
  পালং: ['palong', 'palang'],
  পেঁয়াজ: ['peyaj', 'piyaj', 'peyaz', 'piaj'],
  প্যাকেট: ['packet', 'paket'],
  ফুজি: ['fuji'],
  বরবটি: ['borboti', 'barbati'],
  বাঙ্গি: ['bangi'],
  বাটন: ['button'],
  বীজহীন: ['bijhin', 'beejhin', 'seedless'],
  বেগুন: ['begun', 'bagun'],
  ব্রকলি: ['broccoli', 'brokoli'],
  ব্লুবেরি: ['blueberry', 'bluberi'],
  ভারতীয়: ['bharotiyo', 'bharatiya'],
  ভুট্টা: ['bhutta', 'vutta'],
  মটরশুঁটি: ['motorshuti', 'matarshuti'],
  মরিচ: ['morich', 'marich'],
  মাল্টা: ['malta'],
  মাশরুম: ['mushroom', 'mashrum'],
  মিষ্টি: ['mishti', 'misti'],
  রসুন: ['roshun', 'rosun', 'rasun'],
  লম্বা: ['lomba', 'lamba'],
  লাল: ['lal'],
  লেটুস: ['lettuce', 'letus'],
  লেবু: ['lebu'],
  শসা: ['shosha', 'sosa', 'shasha'],
  শাক: ['shak', 'shaak', 'saag'],
  শিম: ['shim', 'sim'],
  সবুজ: ['sobuj', 'sabuj'],
  সাগর: ['sagor', 'sagar'],
  স্ট্রবেরি: ['strawberry', 'stroberi'],
  হানি: ['honey'],
  হিমসাগর: ['himsagar', 'himshagor'],
};

/** Unicode NFC: the same Bangla letter typed on different keyboards compares equal (য় as one code point or two). */
export const normalise = (text: string): string => text.normalize('NFC').toLocaleLowerCase();

const table = new Map(Object.entries(spellings).map(([word, latin]) => [normalise(word), latin]));

/**
 * Every Latin spelling of a Bangla name, word by word: "মিষ্টি আলু" → "mishti alu", "misti alu",
 * "mishti aloo", "misti aloo". A word missing from the table stays as it is.
 */
export function romanisations(nameBn: string): string[] {
  return normalise(nameBn)
    .split(/\s+/)
    .filter(Boolean)
    .reduce<string[]>(
      (phrases, word) =>
        (table.get(word) ?? [word]).flatMap((spelling) =>
          phrases.map((phrase) => (phrase ? `${phrase} ${spelling}` : spelling)),
        ),
      [''],
    );
}
