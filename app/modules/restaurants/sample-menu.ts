// The menus a new restaurant can start with, one per kind of business (decision 068): a cafe
// gets a cafe's menu, a bar a bar's, fast food its own. Each adds its own categories after the
// spec's six and hides the six it does not use (the owner can show them again).
import type { DefaultCategory } from "~/modules/menu/categories";

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

const item = (category: string, name: string, price: string, description: string): SampleItem => ({ category, name, price, description });

export const SAMPLE_MENUS: Record<SampleMenuType, SampleMenu> = {
  restaurant: {
    label: "Restoran menüsü",
    categories: [],
    items: [
      item("soup", "Mercimek Çorbası", "90.00", "Limon ve kıtır ekmekle"),
      item("soup", "Ezogelin Çorbası", "90.00", "Nane ve pul biberle"),
      item("breakfast", "Serpme Kahvaltı", "450.00", "İki kişilik, sınırsız çay ile"),
      item("breakfast", "Menemen", "160.00", "Domates, biber ve yumurta"),
      item("breakfast", "Sucuklu Yumurta", "180.00", "Sahanda, iki yumurta"),
      item("appetizer", "Humus", "120.00", "Tahinli nohut ezmesi"),
      item("appetizer", "Sigara Böreği", "140.00", "Beyaz peynirli, 6 adet"),
      item("appetizer", "Haydari", "110.00", "Süzme yoğurt ve dereotu"),
      item("main_course", "Adana Kebap", "380.00", "Közlenmiş biber ve lavaşla"),
      item("main_course", "İskender", "420.00", "Tereyağı ve yoğurtla"),
      item("main_course", "Tavuk Şiş", "300.00", "Pilav ve salata ile"),
      item("main_course", "Izgara Köfte", "290.00", "Piyaz ile"),
      item("dessert", "Künefe", "190.00", "Antep fıstıklı"),
      item("dessert", "Sütlaç", "110.00", "Fırında"),
      item("dessert", "Baklava", "220.00", "Fıstıklı, 4 dilim"),
      item("drinks", "Çay", "20.00", "İnce belli bardakta"),
      item("drinks", "Türk Kahvesi", "70.00", "Lokum ile"),
      item("drinks", "Ayran", "40.00", "Yayık ayranı"),
      item("drinks", "Kola", "60.00", "33 cl"),
      item("drinks", "Su", "15.00", "50 cl"),
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
      item("hot_drinks", "Çay", "25.00", "Demlik çay, ince belli bardakta"),
      item("hot_drinks", "Türk Kahvesi", "80.00", "Lokum ile"),
      item("hot_drinks", "Latte", "110.00", "Çift shot espresso, süt"),
      item("hot_drinks", "Cappuccino", "105.00", "Bol köpüklü"),
      item("hot_drinks", "Filtre Kahve", "90.00", "Günün çekirdeği"),
      item("hot_drinks", "Sahlep", "95.00", "Tarçınla"),
      item("cold_drinks", "Buzlu Latte", "120.00", "Soğuk süt ve buz"),
      item("cold_drinks", "Limonata", "85.00", "Ev yapımı, taze nane"),
      item("cold_drinks", "Soğuk Çay", "75.00", "Şeftalili"),
      item("cold_drinks", "Maden Suyu", "35.00", "20 cl"),
      item("breakfast", "Simit Tabağı", "150.00", "Beyaz peynir, domates, zeytin"),
      item("breakfast", "Menemen", "160.00", "Domates, biber ve yumurta"),
      item("sandwiches", "Kaşarlı Tost", "120.00", "Köy ekmeğinde"),
      item("sandwiches", "Karışık Tost", "140.00", "Sucuk ve kaşar"),
      item("sandwiches", "Soğuk Sandviç", "135.00", "Hindi füme, cheddar"),
      item("dessert", "San Sebastian Cheesecake", "170.00", "Dilim"),
      item("dessert", "Brownie", "120.00", "Dondurma ile"),
      item("dessert", "Havuçlu Kek", "95.00", "Tarçınlı, cevizli"),
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
      item("beers", "Fıçı Bira", "160.00", "50 cl"),
      item("beers", "Şişe Bira", "150.00", "33 cl"),
      item("beers", "Buğday Birası", "190.00", "50 cl"),
      item("wines", "Kırmızı Şarap (Kadeh)", "220.00", "Öküzgözü-Boğazkere"),
      item("wines", "Beyaz Şarap (Kadeh)", "210.00", "Narince"),
      item("wines", "Kırmızı Şarap (Şişe)", "1100.00", "75 cl"),
      item("raki", "Rakı (Tek)", "210.00", "4 cl"),
      item("raki", "Rakı (Duble)", "380.00", "8 cl"),
      item("raki", "Rakı (35 cl)", "1250.00", "Buz ve su ile"),
      item("cocktails", "Mojito", "320.00", "Rom, nane, lime"),
      item("cocktails", "Negroni", "340.00", "Cin, vermut, bitter"),
      item("cocktails", "Aperol Spritz", "330.00", "Prosecco ile"),
      item("appetizer", "Beyaz Peynir ve Kavun", "240.00", "Rakı sofrasının klasiği"),
      item("appetizer", "Haydari", "120.00", "Süzme yoğurt ve dereotu"),
      item("appetizer", "Acılı Ezme", "110.00", "Domates, biber, nar ekşisi"),
      item("snacks", "Patates Tava", "150.00", "Baharatlı"),
      item("snacks", "Çerez Tabağı", "180.00", "Karışık kuruyemiş"),
      item("snacks", "Kalamar Tava", "320.00", "Tarator sos ile"),
      item("drinks", "Kola", "70.00", "33 cl"),
      item("drinks", "Soda", "40.00", "20 cl"),
      item("drinks", "Su", "20.00", "50 cl"),
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
      item("burgers", "Klasik Burger", "260.00", "120 g dana köfte, marul, domates"),
      item("burgers", "Cheeseburger", "285.00", "Cheddar peyniri ile"),
      item("burgers", "Tavuk Burger", "230.00", "Çıtır tavuk, coleslaw"),
      item("wraps", "Tavuk Dürüm", "190.00", "Lavaşta, patates ile"),
      item("wraps", "Et Dürüm", "280.00", "Lavaşta, közlenmiş biber"),
      item("wraps", "Köfte Ekmek", "200.00", "Yarım ekmek, soğan, domates"),
      item("sides", "Patates Kızartması", "90.00", "Orta boy"),
      item("sides", "Soğan Halkası", "100.00", "8 adet"),
      item("sides", "Çıtır Tavuk", "150.00", "6 parça, ballı hardal"),
      item("menus", "Burger Menü", "340.00", "Klasik burger, patates, içecek"),
      item("menus", "Dürüm Menü", "270.00", "Tavuk dürüm, patates, ayran"),
      item("drinks", "Kola", "60.00", "33 cl"),
      item("drinks", "Ayran", "35.00", "Şişe"),
      item("drinks", "Limonata", "55.00", "Şişe"),
      item("dessert", "Sufle", "130.00", "Sıcak, dondurma ile"),
      item("dessert", "Sütlü Tatlı", "90.00", "Kup"),
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
