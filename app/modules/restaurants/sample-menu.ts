import type { MenuCategory } from "~/generated/prisma/enums";

/** The menu a new restaurant starts with: a few items in each of the six categories. */
export const SAMPLE_MENU: readonly { name: string; category: MenuCategory; price: string; description: string }[] = [
  { category: "soup", name: "Mercimek Çorbası", price: "90.00", description: "Limon ve kıtır ekmekle" },
  { category: "soup", name: "Ezogelin Çorbası", price: "90.00", description: "Nane ve pul biberle" },
  { category: "breakfast", name: "Serpme Kahvaltı", price: "450.00", description: "İki kişilik, sınırsız çay ile" },
  { category: "breakfast", name: "Menemen", price: "160.00", description: "Domates, biber ve yumurta" },
  { category: "breakfast", name: "Sucuklu Yumurta", price: "180.00", description: "Sahanda, iki yumurta" },
  { category: "appetizer", name: "Humus", price: "120.00", description: "Tahinli nohut ezmesi" },
  { category: "appetizer", name: "Sigara Böreği", price: "140.00", description: "Beyaz peynirli, 6 adet" },
  { category: "appetizer", name: "Haydari", price: "110.00", description: "Süzme yoğurt ve dereotu" },
  { category: "main_course", name: "Adana Kebap", price: "380.00", description: "Közlenmiş biber ve lavaşla" },
  { category: "main_course", name: "İskender", price: "420.00", description: "Tereyağı ve yoğurtla" },
  { category: "main_course", name: "Tavuk Şiş", price: "300.00", description: "Pilav ve salata ile" },
  { category: "main_course", name: "Izgara Köfte", price: "290.00", description: "Piyaz ile" },
  { category: "dessert", name: "Künefe", price: "190.00", description: "Antep fıstıklı" },
  { category: "dessert", name: "Sütlaç", price: "110.00", description: "Fırında" },
  { category: "dessert", name: "Baklava", price: "220.00", description: "Fıstıklı, 4 dilim" },
  { category: "drinks", name: "Çay", price: "20.00", description: "İnce belli bardakta" },
  { category: "drinks", name: "Türk Kahvesi", price: "70.00", description: "Lokum ile" },
  { category: "drinks", name: "Ayran", price: "40.00", description: "Yayık ayranı" },
  { category: "drinks", name: "Kola", price: "60.00", description: "33 cl" },
  { category: "drinks", name: "Su", price: "15.00", description: "50 cl" },
];
