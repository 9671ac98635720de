// The menus a new restaurant can start with, one per kind of business (decision 068): a cafe
// gets a cafe's menu, a bar a bar's, fast food its own. Each adds its own categories after the
// spec's six and hides the six it does not use (the owner can show them again).
import type { DefaultCategory } from "./categories";

export type SampleMenuType = "restaurant" | "cafe" | "bar" | "fast_food";

export interface SampleItem {
  category: string;
  name: string;
  /** Exact decimal text ("90.00"). */
  price: string;
  description: string;
}

export interface SampleMenu {
  label: string;
  /** Categories added after the spec's six. */
  categories: readonly DefaultCategory[];
  items: readonly SampleItem[];
}

/** One category's items, each [name, price, description], in the order the menu lists them. */
const inCategory = (category: string, rows: readonly (readonly [name: string, price: string, description: string])[]): SampleItem[] =>
  rows.map(([name, price, description]) => ({ category, name, price, description }));

export const SAMPLE_MENUS: Record<SampleMenuType, SampleMenu> = {
  restaurant: {
    label: "Restoran menüsü",
    categories: [],
    items: [
      ...inCategory("soup", [
        ["Mercimek Çorbası", "90.00", "Limon ve kıtır ekmekle"],
        ["Ezogelin Çorbası", "90.00", "Nane ve pul biberle"],
      ]),
      ...inCategory("breakfast", [
        ["Serpme Kahvaltı", "450.00", "İki kişilik, sınırsız çay ile"],
        ["Menemen", "160.00", "Domates, biber ve yumurta"],
        ["Sucuklu Yumurta", "180.00", "Sahanda, iki yumurta"],
      ]),
      ...inCategory("appetizer", [
        ["Humus", "120.00", "Tahinli nohut ezmesi"],
        ["Sigara Böreği", "140.00", "Beyaz peynirli, 6 adet"],
        ["Haydari", "110.00", "Süzme yoğurt ve dereotu"],
      ]),
      ...inCategory("main_course", [
        ["Adana Kebap", "380.00", "Közlenmiş biber ve lavaşla"],
        ["İskender", "420.00", "Tereyağı ve yoğurtla"],
        ["Tavuk Şiş", "300.00", "Pilav ve salata ile"],
        ["Izgara Köfte", "290.00", "Piyaz ile"],
      ]),
      ...inCategory("dessert", [
        ["Künefe", "190.00", "Antep fıstıklı"],
        ["Sütlaç", "110.00", "Fırında"],
        ["Baklava", "220.00", "Fıstıklı, 4 dilim"],
      ]),
      ...inCategory("drinks", [
        ["Çay", "20.00", "İnce belli bardakta"],
        ["Türk Kahvesi", "70.00", "Lokum ile"],
        ["Ayran", "40.00", "Yayık ayranı"],
        ["Kola", "60.00", "33 cl"],
        ["Su", "15.00", "50 cl"],
      ]),
    ],
  },
  cafe: {
    label: "Kafe menüsü",
    categories: [
      { key: "hot_drinks", name: "Sıcak İçecekler", kdvRate: "10.00" },
      { key: "cold_drinks", name: "Soğuk İçecekler", kdvRate: "10.00" },
      { key: "sandwiches", name: "Tost ve Sandviçler", kdvRate: "10.00" },
    ],
    items: [
      ...inCategory("hot_drinks", [
        ["Çay", "25.00", "Demlik çay, ince belli bardakta"],
        ["Türk Kahvesi", "80.00", "Lokum ile"],
        ["Latte", "110.00", "Çift shot espresso, süt"],
        ["Cappuccino", "105.00", "Bol köpüklü"],
        ["Filtre Kahve", "90.00", "Günün çekirdeği"],
        ["Sahlep", "95.00", "Tarçınla"],
      ]),
      ...inCategory("cold_drinks", [
        ["Buzlu Latte", "120.00", "Soğuk süt ve buz"],
        ["Limonata", "85.00", "Ev yapımı, taze nane"],
        ["Soğuk Çay", "75.00", "Şeftalili"],
        ["Maden Suyu", "35.00", "20 cl"],
      ]),
      ...inCategory("breakfast", [
        ["Simit Tabağı", "150.00", "Beyaz peynir, domates, zeytin"],
        ["Menemen", "160.00", "Domates, biber ve yumurta"],
      ]),
      ...inCategory("sandwiches", [
        ["Kaşarlı Tost", "120.00", "Köy ekmeğinde"],
        ["Karışık Tost", "140.00", "Sucuk ve kaşar"],
        ["Soğuk Sandviç", "135.00", "Hindi füme, cheddar"],
      ]),
      ...inCategory("dessert", [
        ["San Sebastian Cheesecake", "170.00", "Dilim"],
        ["Brownie", "120.00", "Dondurma ile"],
        ["Havuçlu Kek", "95.00", "Tarçınlı, cevizli"],
      ]),
    ],
  },
  bar: {
    label: "Bar menüsü",
    categories: [
      { key: "beers", name: "Biralar", kdvRate: "20.00" },
      { key: "wines", name: "Şaraplar", kdvRate: "20.00" },
      { key: "raki", name: "Rakı", kdvRate: "20.00" },
      { key: "cocktails", name: "Kokteyller", kdvRate: "20.00" },
      { key: "snacks", name: "Atıştırmalıklar", kdvRate: "10.00" },
    ],
    items: [
      ...inCategory("beers", [
        ["Fıçı Bira", "160.00", "50 cl"],
        ["Şişe Bira", "150.00", "33 cl"],
        ["Buğday Birası", "190.00", "50 cl"],
      ]),
      ...inCategory("wines", [
        ["Kırmızı Şarap (Kadeh)", "220.00", "Öküzgözü-Boğazkere"],
        ["Beyaz Şarap (Kadeh)", "210.00", "Narince"],
        ["Kırmızı Şarap (Şişe)", "1100.00", "75 cl"],
      ]),
      ...inCategory("raki", [
        ["Rakı (Tek)", "210.00", "4 cl"],
        ["Rakı (Duble)", "380.00", "8 cl"],
        ["Rakı (35 cl)", "1250.00", "Buz ve su ile"],
      ]),
      ...inCategory("cocktails", [
        ["Mojito", "320.00", "Rom, nane, lime"],
        ["Negroni", "340.00", "Cin, vermut, bitter"],
        ["Aperol Spritz", "330.00", "Prosecco ile"],
      ]),
      ...inCategory("appetizer", [
        ["Beyaz Peynir ve Kavun", "240.00", "Rakı sofrasının klasiği"],
        ["Haydari", "120.00", "Süzme yoğurt ve dereotu"],
        ["Acılı Ezme", "110.00", "Domates, biber, nar ekşisi"],
      ]),
      ...inCategory("snacks", [
        ["Patates Tava", "150.00", "Baharatlı"],
        ["Çerez Tabağı", "180.00", "Karışık kuruyemiş"],
        ["Kalamar Tava", "320.00", "Tarator sos ile"],
      ]),
      ...inCategory("drinks", [
        ["Kola", "70.00", "33 cl"],
        ["Soda", "40.00", "20 cl"],
        ["Su", "20.00", "50 cl"],
      ]),
    ],
  },
  fast_food: {
    label: "Fast food menüsü",
    categories: [
      { key: "burgers", name: "Burgerler", kdvRate: "10.00" },
      { key: "wraps", name: "Dürümler", kdvRate: "10.00" },
      { key: "sides", name: "Yan Ürünler", kdvRate: "10.00" },
      { key: "menus", name: "Menüler", kdvRate: "10.00" },
    ],
    items: [
      ...inCategory("burgers", [
        ["Klasik Burger", "260.00", "120 g dana köfte, marul, domates"],
        ["Cheeseburger", "285.00", "Cheddar peyniri ile"],
        ["Tavuk Burger", "230.00", "Çıtır tavuk, coleslaw"],
      ]),
      ...inCategory("wraps", [
        ["Tavuk Dürüm", "190.00", "Lavaşta, patates ile"],
        ["Et Dürüm", "280.00", "Lavaşta, közlenmiş biber"],
        ["Köfte Ekmek", "200.00", "Yarım ekmek, soğan, domates"],
      ]),
      ...inCategory("sides", [
        ["Patates Kızartması", "90.00", "Orta boy"],
        ["Soğan Halkası", "100.00", "8 adet"],
        ["Çıtır Tavuk", "150.00", "6 parça, ballı hardal"],
      ]),
      ...inCategory("menus", [
        ["Burger Menü", "340.00", "Klasik burger, patates, içecek"],
        ["Dürüm Menü", "270.00", "Tavuk dürüm, patates, ayran"],
      ]),
      ...inCategory("drinks", [
        ["Kola", "60.00", "33 cl"],
        ["Ayran", "35.00", "Şişe"],
        ["Limonata", "55.00", "Şişe"],
      ]),
      ...inCategory("dessert", [
        ["Sufle", "130.00", "Sıcak, dondurma ile"],
        ["Sütlü Tatlı", "90.00", "Kup"],
      ]),
    ],
  },
};

/** A business's sample menu: a bakery (a type of the premium application only) starts with a cafe's. */
export function sampleMenuFor(type: string): SampleMenuType {
  return type === "cafe" || type === "bar" || type === "fast_food" || type === "restaurant"
    ? type
    : type === "bakery"
      ? "cafe"
      : "restaurant";
}
