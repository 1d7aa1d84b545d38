/**
 * The demo shop's reviews: what customers might plausibly say about each piece, good and less
 * good. Reviewers' e-mail addresses use example domains; dates count back from the seed run.
 */
export type SeedReview = {
  product: string;
  name: string;
  email: string;
  title: string;
  message: string;
  rating: 1 | 2 | 3 | 4 | 5;
  daysAgo: number;
  verifiedBuyer?: boolean;
};

export const seedReviews: SeedReview[] = [
  // Eden 2 Seater
  {
    product: "eden-2-seater",
    name: "Thandi Mokoena",
    email: "thandi.mokoena@example.co.za",
    title: "Perfect for our flat",
    message:
      "We measured our lounge three times before ordering and the Eden fits under the window with room to spare. The seats are deeper than they look in the pictures, so we can actually lie back and watch a series. Delivered to Braamfontein in eleven days.",
    rating: 5,
    daysAgo: 9,
  },
  {
    product: "eden-2-seater",
    name: "Pieter van der Merwe",
    email: "pieter.vdm@example.co.za",
    title: "Solid little couch",
    message:
      "Bought the Charcoal one for a study. It is firm at first and softened nicely after a couple of weeks. The legs screw in by hand, no tools needed. Only wish the back cushions had a zip on the bottom edge too.",
    rating: 4,
    daysAgo: 33,
  },
  {
    product: "eden-2-seater",
    name: "Ayesha Khan",
    email: "ayesha.k@example.com",
    title: "Ivory bouclé is gorgeous",
    message:
      "I was nervous about a light colour with two cats, but the bouclé has held up far better than I expected. The loops do not snag easily and hair lifts off with a lint roller. It looks expensive without being expensive.",
    rating: 5,
    daysAgo: 61,
  },
  {
    product: "eden-2-seater",
    name: "Sipho Ndlovu",
    email: "sipho.ndlovu@example.co.za",
    title: "Good value, delivery was smooth",
    message:
      "The driver phoned the day before as promised and carried it up three flights of stairs without fuss. Comfortable and well made. Four stars because the Olive I wanted first was out of stock and I had to settle for Stone.",
    rating: 4,
    daysAgo: 95,
  },
  // Karoo Couch
  {
    product: "karoo-couch",
    name: "Lerato Dube",
    email: "lerato.dube@example.co.za",
    title: "Terracotta makes the room",
    message:
      "Our lounge was all grey and beige until this arrived. The Terracotta velvet is warm and rich without being loud, and the tight back means it always looks neat, even with two teenagers using it every evening.",
    rating: 5,
    daysAgo: 14,
  },
  {
    product: "karoo-couch",
    name: "Johan Botha",
    email: "johan.botha@example.com",
    title: "Firm seat, sits upright",
    message:
      "This is a couch for sitting rather than sprawling. My wife loves it because it is easy to get up from; I would have liked a softer seat. The build quality is excellent and the stitching is straight everywhere I looked.",
    rating: 4,
    daysAgo: 47,
  },
  {
    product: "karoo-couch",
    name: "Naledi Sithole",
    email: "naledi.s@example.co.za",
    title: "Exactly as pictured",
    message:
      "The Sand colour matches the drawing on the website very closely, which was my biggest worry when buying a couch online. Arrived in Durban within the two weeks and the team even took the packaging away.",
    rating: 5,
    daysAgo: 120,
  },
  // Stoep Corner Couch
  {
    product: "stoep-corner-couch",
    name: "Marelize Pretorius",
    email: "marelize.p@example.co.za",
    title: "Survives kids, dogs and a braai crowd",
    message:
      "We have two boys and a Labrador, and after eight months the Charcoal performance weave still looks new. Red wine came out with a damp cloth and a little dish soap. The chaise is long enough for my husband to stretch out completely.",
    rating: 5,
    daysAgo: 6,
  },
  {
    product: "stoep-corner-couch",
    name: "David Naidoo",
    email: "david.naidoo@example.com",
    title: "Big, comfortable, check your doorways",
    message:
      "Comfortable and very well built. The chaise section is separate so it fit through our front door, but measure your passage corners. Delivery was day thirteen, just inside the promise. Would buy again.",
    rating: 4,
    daysAgo: 40,
  },
  {
    product: "stoep-corner-couch",
    name: "Zanele Khumalo",
    email: "zanele.k@example.co.za",
    title: "Our family couch",
    message:
      "Every Sunday the whole family ends up on this couch. The seats are deep and the cushions bounce back after a long afternoon of rugby. The Oat is lighter than I expected but lovely in our north-facing lounge.",
    rating: 5,
    daysAgo: 88,
  },
  // Langebaan 3 Seater
  {
    product: "langebaan-3-seater",
    name: "Claire Jacobs",
    email: "claire.jacobs@example.com",
    title: "Relaxed and beautiful",
    message:
      "Soft, unfussy and beautifully finished. The linen creases a little where we sit most, which I like: it looks lived in rather than showroom. Customer service answered my fabric questions by e-mail within a day.",
    rating: 5,
    daysAgo: 22,
  },
  {
    product: "langebaan-3-seater",
    name: "Ruan Steyn",
    email: "ruan.steyn@example.co.za",
    title: "Lovely, but softer than expected",
    message:
      "A very pretty couch and well made. The seat is softer than I am used to and I sink in more than I would like, so three stars for comfort for me. My partner thinks it is perfect, so it depends what you like.",
    rating: 3,
    daysAgo: 74,
  },
  // Cederberg 3 Seater
  {
    product: "cederberg-3-seater",
    name: "Michael Adams",
    email: "michael.adams@example.com",
    title: "The Cognac leather is superb",
    message:
      "I have owned leather couches from big chain stores before and this is in another league. The hide is thick and smells like a saddle shop. Six months in, it is developing a lovely patina where I sit.",
    rating: 5,
    daysAgo: 18,
  },
  {
    product: "cederberg-3-seater",
    name: "Fatima Essop",
    email: "fatima.essop@example.co.za",
    title: "Smart and comfortable",
    message:
      "It looks tailored without being stiff. The buttoned back is comfortable against your shoulders and the steel legs make the lounge feel bigger. Delivered to Pietermaritzburg in twelve days.",
    rating: 5,
    daysAgo: 66,
  },
  // Knysna Corner Couch
  {
    product: "knysna-corner-couch",
    name: "Nomvula Zulu",
    email: "nomvula.zulu@example.co.za",
    title: "Worth every cent",
    message:
      "This is the most comfortable couch we have ever owned. The Olive velvet has a soft sheen in the afternoon light. It is enormous, so do mark out the size on the floor with tape first, as the website suggests.",
    rating: 5,
    daysAgo: 12,
  },
  {
    product: "knysna-corner-couch",
    name: "Grant Williams",
    email: "grant.w@example.com",
    title: "Great couch, slow to choose",
    message:
      "Took us weeks to decide between Ink and Sand, and the free swatches helped. Went with Ink and it is stunning. Seats are deep and soft. One cushion had a loose thread which the team fixed when I sent a photo.",
    rating: 4,
    daysAgo: 58,
  },
  {
    product: "knysna-corner-couch",
    name: "Priya Pillay",
    email: "priya.pillay@example.co.za",
    title: "Movie nights sorted",
    message:
      "Five of us fit on this with room for snacks. The rolled arms are perfect for leaning against with a book. It took thirteen days to Umhlanga and arrived wrapped so well there was not a mark on it.",
    rating: 5,
    daysAgo: 103,
  },
  // Hout Bay 2 Seater
  {
    product: "hout-bay-2-seater",
    name: "Kagiso Molefe",
    email: "kagiso.molefe@example.co.za",
    title: "A statement piece that is comfortable too",
    message:
      "Bought it for our entrance area and now everyone sits there. The Terracotta velvet is gorgeous and the buttoning is neat and even. Compact enough for a small space, which is what we needed.",
    rating: 5,
    daysAgo: 27,
  },
  // Drakensberg Corner Couch
  {
    product: "drakensberg-corner-couch",
    name: "Hennie du Plessis",
    email: "hennie.dp@example.co.za",
    title: "Proper back support at last",
    message:
      "I have a bad back and most modern couches are too low and too deep. The high back on the Drakensberg supports my head and the seat is firm enough to stand up from easily. Very happy.",
    rating: 5,
    daysAgo: 35,
  },
  {
    product: "drakensberg-corner-couch",
    name: "Amanda Fourie",
    email: "amanda.fourie@example.com",
    title: "Sturdy but the delivery window was long",
    message:
      "The couch itself is excellent and the Stone colour hides everyday marks well. The delivery company gave us an eight-hour window, which meant taking a day off. The couch gets five stars, the window three.",
    rating: 4,
    daysAgo: 81,
  },
  // Kloof Couch
  {
    product: "kloof-couch",
    name: "Tshepo Maseko",
    email: "tshepo.maseko@example.co.za",
    title: "Honest couch at an honest price",
    message:
      "No fuss, clean lines and it feels solid. We bought the 3 seater in Charcoal for our first home and it has been great. For the price I expected cheaper materials, but the frame is the same as their expensive models.",
    rating: 5,
    daysAgo: 19,
  },
  {
    product: "kloof-couch",
    name: "Jessica Smith",
    email: "jessica.smith@example.com",
    title: "Good, simple couch",
    message:
      "Exactly what it says: a plain, well made couch. The Oat is a nice neutral. The seat cushions are fixed rather than loose, so you cannot flip them, which is my only small complaint.",
    rating: 4,
    daysAgo: 52,
  },
  // Magalies 3 Seater
  {
    product: "magalies-3-seater",
    name: "Elizabeth Mahlangu",
    email: "elizabeth.m@example.co.za",
    title: "Old-world charm",
    message:
      "I grew up with a Chesterfield in my grandmother's house and this brings back memories, only more comfortable. The Ink velvet is so dark it almost looks black at night. Everyone who visits asks where it is from.",
    rating: 5,
    daysAgo: 43,
  },
  // Fynbos Sleeper
  {
    product: "fynbos-sleeper",
    name: "Riaan Venter",
    email: "riaan.venter@example.co.za",
    title: "Guests actually sleep well",
    message:
      "My in-laws stayed for a week over December and did not complain once, which says everything. No bar in the back, and the mattress is thick enough to be a real bed. As a couch it is comfortable too.",
    rating: 5,
    daysAgo: 16,
  },
  {
    product: "fynbos-sleeper",
    name: "Lindiwe Ngcobo",
    email: "lindiwe.ngcobo@example.com",
    title: "Easy to open",
    message:
      "I am not strong and I can open and close it on my own in under a minute. The 2 seater fits our study perfectly and makes the room a guest room when we need it. Good quality for the price.",
    rating: 5,
    daysAgo: 64,
  },
  {
    product: "fynbos-sleeper",
    name: "Mark Thompson",
    email: "mark.thompson@example.com",
    title: "Good sleeper, firm couch",
    message:
      "As a bed it is very good. As a couch the seat is a little firmer than a normal couch because of the mechanism underneath, which I suppose is the trade-off. Check the 2.1 m of floor space you need to open it.",
    rating: 4,
    daysAgo: 110,
  },
  // Sedgefield Sleeper
  {
    product: "sedgefield-sleeper",
    name: "Busisiwe Mthembu",
    email: "busi.mthembu@example.co.za",
    title: "Beautiful and practical",
    message:
      "It does not look like a sleeper couch at all, which was important to me because it is in our main lounge. The Olive is lovely. The double bed is comfortable enough for two adults for a weekend.",
    rating: 5,
    daysAgo: 29,
  },
  {
    product: "sedgefield-sleeper",
    name: "Andre Coetzee",
    email: "andre.coetzee@example.co.za",
    title: "Heavy but well made",
    message:
      "It took two of us to move it into place after delivery, so it is not a couch you will shift around often. Well built and the mechanism is smooth. The bouclé option was a month away so we took Sand.",
    rating: 4,
    daysAgo: 77,
  },
  // Protea Sleeper
  {
    product: "protea-sleeper",
    name: "Megan Roberts",
    email: "megan.roberts@example.com",
    title: "Small room hero",
    message:
      "Our spare room is tiny and this is the only sleeper we found that fits and still leaves space to walk around the opened bed. Good enough for the kids' friends on sleepovers. Delivery was quick.",
    rating: 4,
    daysAgo: 38,
  },
  // Paternoster Sleeper
  {
    product: "paternoster-sleeper",
    name: "Sibusiso Cele",
    email: "sibusiso.cele@example.co.za",
    title: "A queen bed in the lounge",
    message:
      "We live in a two-bedroom flat and this means we can have my parents stay with us properly. The queen bed is genuinely comfortable. The rolled arms are a nice touch. It is big, so measure carefully.",
    rating: 5,
    daysAgo: 24,
  },
  {
    product: "paternoster-sleeper",
    name: "Karen Muller",
    email: "karen.muller@example.com",
    title: "Not for us, easy return",
    message:
      "The couch is well made, but once it was in our lounge it was too big for the room. I contacted the team on day four, they collected it the following week and refunded us in full. Honest people to deal with.",
    rating: 3,
    daysAgo: 70,
  },
  // Swartberg Sleeper
  {
    product: "swartberg-sleeper",
    name: "Themba Nkosi",
    email: "themba.nkosi@example.co.za",
    title: "The pocket-sprung mattress makes the difference",
    message:
      "We have had foam-mattress sleepers before and this is much better. My brother stayed for a month while between flats and slept well the whole time. The Ink velvet looks smart in our lounge.",
    rating: 5,
    daysAgo: 11,
  },
  // Pebble Ottoman
  {
    product: "pebble-ottoman",
    name: "Chantel Olivier",
    email: "chantel.olivier@example.co.za",
    title: "Cute and sturdy",
    message:
      "Bought it as a footstool and it gets used as an extra seat every time we have people over. The Oat linen matches our Eden couch perfectly. Small, solid and well priced.",
    rating: 5,
    daysAgo: 21,
  },
  {
    product: "pebble-ottoman",
    name: "Vusi Shabalala",
    email: "vusi.shabalala@example.co.za",
    title: "Smaller than I imagined",
    message:
      "Good quality, but it is quite small, so read the measurements. It works well next to a reading chair. Would have liked a handle to carry it around.",
    rating: 3,
    daysAgo: 84,
  },
  // Dune Ottoman
  {
    product: "dune-ottoman",
    name: "Samantha Reddy",
    email: "samantha.reddy@example.com",
    title: "Our coffee table now",
    message:
      "We put a wooden tray on top and use it as a coffee table. No more bruised shins on sharp corners with a toddler in the house. The Ivory Bouclé is soft and looks lovely with our Oat couch.",
    rating: 5,
    daysAgo: 31,
  },
  // Veld Storage Ottoman
  {
    product: "veld-storage-ottoman",
    name: "Willem Joubert",
    email: "willem.joubert@example.co.za",
    title: "Hides all the clutter",
    message:
      "Blankets, board games and the kids' toys all go inside at the end of the day. The lid is solid enough to sit on and the hinges have not loosened after daily use. The Cognac leather looks handsome.",
    rating: 5,
    daysAgo: 17,
  },
  {
    product: "veld-storage-ottoman",
    name: "Nadia Hendricks",
    email: "nadia.hendricks@example.com",
    title: "Good storage, lid is heavy",
    message:
      "Very well made and holds a lot. The lid is heavier than I expected, so little ones should be supervised. Otherwise a really useful piece in a small flat.",
    rating: 4,
    daysAgo: 56,
  },
  // Kraal Cube Ottoman
  {
    product: "kraal-cube-ottoman",
    name: "Lwazi Mbatha",
    email: "lwazi.mbatha@example.co.za",
    title: "Does everything",
    message:
      "Footstool in the lounge, extra seat at the dining table, and bedside table when the in-laws visit. Firm and well stitched, and the Charcoal does not show marks.",
    rating: 4,
    daysAgo: 45,
  },
  // Lowveld Ottoman Bench
  {
    product: "lowveld-ottoman-bench",
    name: "Rochelle Daniels",
    email: "rochelle.d@example.com",
    title: "Finishes the bedroom",
    message:
      "It sits at the foot of our Umhlanga bed and the Oat matches perfectly. Handy for putting shoes on in the morning. The steel legs are slim and sturdy, with felt pads so they do not scratch the floor.",
    rating: 5,
    daysAgo: 26,
  },
  // Umhlanga Bed Frame
  {
    product: "umhlanga-bed-frame",
    name: "Ntombi Radebe",
    email: "ntombi.radebe@example.co.za",
    title: "Quiet, solid bed",
    message:
      "No creaks at all, even after six months. The delivery team assembled it in our bedroom in twenty minutes and took all the packaging away. The padded headboard is lovely for reading in bed.",
    rating: 5,
    daysAgo: 13,
  },
  {
    product: "umhlanga-bed-frame",
    name: "Craig Peters",
    email: "craig.peters@example.com",
    title: "Well built",
    message:
      "Strong frame with a proper centre rail and legs, unlike the flat-pack bed we had before. The king is big, so check your room. The Charcoal is a deep grey, a little darker than on my screen.",
    rating: 4,
    daysAgo: 72,
  },
  // Bosveld Wingback Bed
  {
    product: "bosveld-wingback-bed",
    name: "Palesa Mofokeng",
    email: "palesa.mofokeng@example.co.za",
    title: "Feels like a hotel",
    message:
      "The wings make the bed feel cosy and enclosed, and they block the draught from the window in winter. The Stone fabric is elegant. Everything about the build feels solid and considered.",
    rating: 5,
    daysAgo: 36,
  },
  // Kalahari Channel Bed
  {
    product: "kalahari-channel-bed",
    name: "Jaco Nel",
    email: "jaco.nel@example.co.za",
    title: "Great headboard",
    message:
      "The channelled headboard is comfortable to lean against and looks striking in Terracotta. The bed is sturdy and silent. It arrived on day ten, earlier than promised.",
    rating: 5,
    daysAgo: 20,
  },
  {
    product: "kalahari-channel-bed",
    name: "Lauren February",
    email: "lauren.february@example.com",
    title: "Love it, one scuffed leg",
    message:
      "Beautiful bed. One of the steel legs had a small scuff on arrival. I sent a photo and a replacement leg was couriered to me within a week, no questions asked. Good service.",
    rating: 4,
    daysAgo: 60,
  },
  // Highveld Buttoned Bed
  {
    product: "highveld-buttoned-bed",
    name: "Mpho Letsoalo",
    email: "mpho.letsoalo@example.co.za",
    title: "Elegant and comfortable",
    message:
      "The Ivory Bouclé headboard with deep buttons is the most beautiful thing in our house. It is tall enough that it does not disappear behind pillows. Assembly was done for us in no time.",
    rating: 5,
    daysAgo: 8,
  },
  // Noordhoek Bed Frame
  {
    product: "noordhoek-bed-frame",
    name: "Gerhard Swanepoel",
    email: "gerhard.s@example.co.za",
    title: "Good bed for the guest room",
    message:
      "Well priced and well made. The channelled headboard looks more expensive than it is. Delivered and assembled within twelve days. Does exactly what we needed for the spare room.",
    rating: 4,
    daysAgo: 49,
  },
  // Sabie Bed Frame
  {
    product: "sabie-bed-frame",
    name: "Anele Dlamini",
    email: "anele.dlamini@example.co.za",
    title: "Low and modern",
    message:
      "I wanted a low platform bed and this is exactly it. It is so sturdy. The headboard is short, so if you read in bed a lot you may want something taller, but for me it is perfect.",
    rating: 4,
    daysAgo: 90,
  },
];
