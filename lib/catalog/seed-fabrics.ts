import type { Fabric } from "@/lib/catalog/fabrics";

/**
 * The demo catalogue's fabric range, in the shop's order: what the demo seed writes to the fabrics
 * table and what the build-time drawings and journal covers are coloured with. The shop itself
 * reads the range from the database (getFabrics in lib/catalog/data.ts).
 */
export const seedFabrics: readonly Fabric[] = [
  {
    name: "Oat",
    slug: "oat",
    hex: "#d9ccb4",
    shade: "#b3a488",
    family: "Linen weave",
    note: "A warm, undyed-looking linen blend that suits light lounges.",
    colourWords: "beige, cream, natural, neutral",
    restockWeeks: 3,
  },
  {
    name: "Sand",
    slug: "sand",
    hex: "#c8b08a",
    shade: "#a08a66",
    family: "Linen weave",
    note: "Beach-sand beige with a soft slub; hides everyday dust well.",
    colourWords: "beige, natural, neutral, brown, tan",
    restockWeeks: 3,
  },
  {
    name: "Stone",
    slug: "stone",
    hex: "#a39e93",
    shade: "#7f7a70",
    family: "Performance weave",
    note: "A grey-taupe weave that stands up to kids, pets and red wine.",
    colourWords: "grey, gray, taupe, neutral",
    restockWeeks: 4,
  },
  {
    name: "Charcoal",
    slug: "charcoal",
    hex: "#4a4a4d",
    shade: "#2f2f32",
    family: "Performance weave",
    note: "Deep grey, tightly woven, the most forgiving colour we make.",
    colourWords: "grey, gray, black",
    restockWeeks: 4,
  },
  {
    name: "Olive",
    slug: "olive",
    hex: "#6f7250",
    shade: "#4f5236",
    family: "Velvet",
    note: "A muted olive velvet with a gentle sheen in daylight.",
    colourWords: "green, khaki",
    restockWeeks: 5,
  },
  {
    name: "Terracotta",
    slug: "terracotta",
    hex: "#b5654a",
    shade: "#8c4833",
    family: "Velvet",
    note: "Earthy, sun-baked red-orange; a statement without shouting.",
    colourWords: "orange, rust, red",
    restockWeeks: 5,
  },
  {
    name: "Ink",
    slug: "ink",
    hex: "#2e3a52",
    shade: "#1e2738",
    family: "Velvet",
    note: "Navy so deep it reads almost black at night.",
    colourWords: "navy, blue, black",
    restockWeeks: 5,
  },
  {
    name: "Ivory Bouclé",
    slug: "ivory-boucle",
    hex: "#ece6da",
    shade: "#cbc2b2",
    family: "Bouclé",
    note: "Looped, nubbly and soft; the texture people reach out to touch.",
    colourWords: "cream, white, ivory, off-white",
    restockWeeks: 6,
  },
  {
    name: "Cognac",
    slug: "cognac",
    hex: "#8a5533",
    shade: "#643a20",
    family: "Leather",
    note: "Full-grain leather that darkens and softens with the years.",
    colourWords: "brown, tan",
    restockWeeks: 8,
  },
] as const;

/** What the demo's fabrics page says of each family (the fabric_families table). */
export const seedFabricFamilies: readonly { name: string; about: string }[] = [
  { name: "Linen weave", about: "45% linen, 55% polyester. Cool, soft and relaxed." },
  { name: "Performance weave", about: "100% polyester, tested to 60 000 rubs. For families and pets." },
  { name: "Velvet", about: "Polyester pile on a cotton-blend backing. Deep colour, soft sheen." },
  { name: "Bouclé", about: "80% polyester, 20% acrylic loops. Textured and forgiving." },
  { name: "Leather", about: "Full-grain South African cowhide on every seating surface." },
];
