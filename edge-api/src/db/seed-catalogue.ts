/**
 * The seed catalogue: vegetables and fruits sold in Dhaka markets, with typical retail prices
 * in Tk per kg (late 2026). `emoji` names the Fluent Emoji 3D picture (MIT, @lobehub/fluent-emoji-3d)
 * that scripts/copy-product-images.ts copies to `/products/<slug>.webp`.
 */
import type { Category, Season } from '../contract/catalogue';

export type SeedProduct = {
  slug: string;
  name: string;
  /** Tk per kg. */
  price: number;
  category: Category;
  season: Season | null;
  /** Fluent Emoji 3D file name without `.webp`, e.g. `1f955` (carrot). */
  emoji: string;
};

export const seedCatalogue: readonly SeedProduct[] = [
  { slug: 'potato', name: 'Potato (Alu)', price: 30, category: 'vegetable', season: null, emoji: '1f954' },
  { slug: 'deshi-onion', name: 'Deshi Onion (Peyaj)', price: 85, category: 'vegetable', season: null, emoji: '1f9c5' },
  { slug: 'tomato', name: 'Tomato', price: 90, category: 'vegetable', season: 'winter', emoji: '1f345' },
  { slug: 'brinjal', name: 'Brinjal (Begun)', price: 70, category: 'vegetable', season: 'winter', emoji: '1f346' },
  { slug: 'carrot', name: 'Carrot (Gajor)', price: 60, category: 'vegetable', season: 'winter', emoji: '1f955' },
  { slug: 'himsagar-mango', name: 'Himsagar Mango', price: 140, category: 'fruit', season: 'summer', emoji: '1f96d' },
  { slug: 'sagor-banana', name: 'Sagor Banana (Kola)', price: 90, category: 'fruit', season: null, emoji: '1f34c' },
  { slug: 'green-chili', name: 'Green Chili (Kacha Morich)', price: 120, category: 'vegetable', season: null, emoji: '1f336-fe0f' },
  { slug: 'garlic', name: 'Garlic (Roshun)', price: 150, category: 'vegetable', season: null, emoji: '1f9c4' },
  { slug: 'ginger', name: 'Ginger (Ada)', price: 180, category: 'vegetable', season: null, emoji: '1fada' },
  { slug: 'cucumber', name: 'Cucumber (Shosha)', price: 50, category: 'vegetable', season: 'spring', emoji: '1f952' },
  { slug: 'capsicum', name: 'Capsicum', price: 240, category: 'vegetable', season: 'winter', emoji: '1fad1' },
  { slug: 'sweet-corn', name: 'Sweet Corn (Bhutta)', price: 70, category: 'vegetable', season: 'summer', emoji: '1f33d' },
  { slug: 'red-amaranth', name: 'Red Amaranth (Lal Shak)', price: 40, category: 'vegetable', season: 'summer', emoji: '1f96c' },
  { slug: 'spinach', name: 'Spinach (Palong Shak)', price: 50, category: 'vegetable', season: 'winter', emoji: '1f96c' },
  { slug: 'broccoli', name: 'Broccoli', price: 160, category: 'vegetable', season: 'winter', emoji: '1f966' },
  { slug: 'button-mushroom', name: 'Button Mushroom', price: 320, category: 'vegetable', season: null, emoji: '1f344' },
  { slug: 'green-peas', name: 'Green Peas (Motorshuti)', price: 140, category: 'vegetable', season: 'winter', emoji: '1fadb' },
  { slug: 'yardlong-beans', name: 'Yardlong Beans (Borboti)', price: 80, category: 'vegetable', season: 'summer', emoji: '1fad8' },
  { slug: 'flat-beans', name: 'Flat Beans (Shim)', price: 90, category: 'vegetable', season: 'winter', emoji: '1fad8' },
  { slug: 'sweet-potato', name: 'Sweet Potato (Mishti Alu)', price: 50, category: 'vegetable', season: 'winter', emoji: '1f360' },
  { slug: 'peanuts', name: 'Peanuts (Chinabadam)', price: 180, category: 'vegetable', season: null, emoji: '1f95c' },
  { slug: 'lettuce', name: 'Lettuce', price: 150, category: 'vegetable', season: 'winter', emoji: '1f96c' },
  { slug: 'indian-onion', name: 'Indian Onion', price: 70, category: 'vegetable', season: null, emoji: '1f9c5' },
  { slug: 'amrapali-mango', name: 'Amrapali Mango', price: 120, category: 'fruit', season: 'summer', emoji: '1f96d' },
  { slug: 'pineapple', name: 'Pineapple (Anaros)', price: 80, category: 'fruit', season: 'summer', emoji: '1f34d' },
  { slug: 'watermelon', name: 'Watermelon (Tormuj)', price: 50, category: 'fruit', season: 'spring', emoji: '1f349' },
  { slug: 'lemon', name: 'Lemon (Kagoji Lebu)', price: 120, category: 'fruit', season: null, emoji: '1f34b' },
  { slug: 'orange', name: 'Orange (Komola)', price: 260, category: 'fruit', season: 'winter', emoji: '1f34a' },
  { slug: 'green-malta', name: 'Green Malta', price: 200, category: 'fruit', season: 'winter', emoji: '1f34a' },
  { slug: 'fuji-apple', name: 'Fuji Apple', price: 290, category: 'fruit', season: null, emoji: '1f34e' },
  { slug: 'green-apple', name: 'Green Apple', price: 350, category: 'fruit', season: null, emoji: '1f34f' },
  { slug: 'green-grapes', name: 'Green Grapes (Angur)', price: 380, category: 'fruit', season: null, emoji: '1f347' },
  { slug: 'green-coconut', name: 'Green Coconut (Daab)', price: 100, category: 'fruit', season: 'summer', emoji: '1f965' },
  { slug: 'strawberry', name: 'Strawberry', price: 600, category: 'fruit', season: 'winter', emoji: '1f353' },
  { slug: 'bangi-melon', name: 'Bangi Melon', price: 60, category: 'fruit', season: 'spring', emoji: '1f348' },
  { slug: 'chinese-pear', name: 'Chinese Pear (Nashpati)', price: 320, category: 'fruit', season: null, emoji: '1f350' },
  { slug: 'kiwi', name: 'Kiwi', price: 750, category: 'fruit', season: null, emoji: '1f95d' },
  { slug: 'olive', name: 'Olive (Jolpai)', price: 120, category: 'fruit', season: 'winter', emoji: '1fad2' },
  { slug: 'avocado', name: 'Avocado', price: 900, category: 'fruit', season: null, emoji: '1f951' },
  { slug: 'blueberries', name: 'Blueberries', price: 2200, category: 'fruit', season: null, emoji: '1fad0' },
];
