// Aldercrest's site plan, drawn for the project: the land and what stands on it, then the lots the team links estates
// to (an estate's `shape`). One drawing for the portal's page (components/shared/site-plan.tsx) and the price list
// (lib/portal/pdf/site-plan.tsx). Indicative, not a survey: a unit of the drawing is about two feet.

export interface PlanPoint {
  readonly x: number;
  readonly y: number;
}

/** A lot: its outline (straight lines, closed) and the point inside it where its label stands. */
export interface PlanParcel {
  readonly id: string;
  readonly name: string;
  readonly path: string;
  readonly label: PlanPoint;
}

/** `lane` and `drive` are centre lines, drawn as roads DRIVE_WIDTH wide; the rest are outlines of areas. */
export type PlanFeatureKind = 'lane' | 'drive' | 'meadow' | 'water' | 'island' | 'building' | 'court' | 'pool' | 'gate';

export interface PlanFeature {
  readonly kind: PlanFeatureKind;
  readonly name: string;
  readonly path: string;
}

/** A tree's crown: its centre and radius. */
export type PlanTree = readonly [x: number, y: number, r: number];

/** A name written on the land: a place in the display face, water spaced wider, a building in small capitals. */
export interface PlanLabel extends PlanPoint {
  readonly text: string;
  readonly kind: 'place' | 'water' | 'building';
  readonly anchor: 'start' | 'middle' | 'end';
}

export interface SitePlan {
  /** The drawing's extent, from 0 0: its viewBox. */
  readonly width: number;
  readonly height: number;
  readonly viewBox: string;
  /** The estate's line: the gated land inside it. */
  readonly boundary: string;
  readonly features: readonly PlanFeature[];
  /** The woods around the line, drawn beneath everything. */
  readonly woods: readonly PlanTree[];
  /** The trees on the grounds, drawn over them. */
  readonly trees: readonly PlanTree[];
  readonly labels: readonly PlanLabel[];
  /** Where the north arrow stands. */
  readonly north: PlanPoint;
  /** The lots, each a shape an estate may be linked to. */
  readonly lots: readonly PlanParcel[];
}

/** The drives' width, in the drawing's units (some 28 feet). */
export const DRIVE_WIDTH = 14;

/** Clockwise from the meadow by the gate, round the loop drive, then the five inside it along Heron Pond. */
const PARCELS = [
  {
    id: 'meadowsweet', name: 'Meadowsweet', label: { x: 291, y: 568 },
    path: 'M367.9 487.6L349.2 481.5L327.2 473.1L308.7 465.1L291.6 456.7L217.6 594.4L241.9 605.5L266.3 614.6L294 623L326.5 631Z',
  },
  {
    id: 'bramblewood', name: 'Bramblewood', label: { x: 196, y: 515 },
    path: 'M291.6 456.7L274.3 446.4L260.6 436.2L249.3 425.6L238.6 412.8L105.1 512.9L114.9 524.6L124.5 534.6L136.3 545L149 554.8L163.9 564.9L179.4 574.3L217.6 594.4Z',
  },
  {
    id: 'fox-hollow', name: 'Fox Hollow', label: { x: 119, y: 437 },
    path: 'M238.6 412.8L229.9 400L221.8 385.4L215.2 370.5L210.5 356.7L52.8 402.1L61.9 431.5L74.4 461.6L89.2 489.5L105.1 512.9Z',
  },
  {
    id: 'hazel-copse', name: 'Hazel Copse', label: { x: 99, y: 330 },
    path: 'M210.5 356.7L207.2 342.1L205.9 328.5L206.5 313.7L209.1 298.2L50.1 262.2L46.7 278.9L44.4 295.5L43.2 312L43 330.1L43.9 348.4L45.9 366.7L48.9 384.8L52.8 402.1Z',
  },
  {
    id: 'alder-rise', name: 'Alder Rise', label: { x: 128, y: 217 },
    path: 'M209.1 298.2L214.4 280.3L221.4 263.9L229.8 249.2L239.9 236L110.7 121.7L102.2 134.5L94 148.9L73.2 192.7L59.6 228.6L50.1 262.2Z',
  },
  {
    id: 'beech-knoll', name: 'Beech Knoll', label: { x: 187, y: 124 },
    path: 'M239.9 236L248.9 226.8L259.9 217.7L272.2 209.4L286.8 200.9L212.4 61L194.2 66.3L177.3 72.3L162.9 78.6L149.6 85.8L137.8 93.6L128.3 101.6L118.9 111.3L110.7 121.7Z',
  },
  {
    id: 'kestrel-ridge', name: 'Kestrel Ridge', label: { x: 300, y: 109 },
    path: 'M286.8 200.9L307.4 190.9L328 182.3L348.7 175.3L367.2 170.5L343.1 58.6L299.9 52.4L274.2 51.1L261.6 51.8L245.7 54L212.4 61Z',
  },
  {
    id: 'the-crest', name: 'The Crest', label: { x: 440, y: 115 },
    path: 'M367.2 170.5L390.3 166.9L408.3 166.9L428.7 169.7L479.6 179.7L494.8 181L508.2 180.4L493.6 44.8L427.1 57.7L401.3 61.3L388.4 62.1L375.3 61.9L343.1 58.6Z',
  },
  {
    id: 'larkfield', name: 'Larkfield', label: { x: 562, y: 106 },
    path: 'M508.2 180.4L527.4 177.1L567.2 166.8L584.6 163.1L602.6 161.1L620.4 161.4L626.8 44.9L586.4 42.2L549.3 41.3L518.3 42.1L493.6 44.8Z',
  },
  {
    id: 'thornfield', name: 'Thornfield', label: { x: 692, y: 112 },
    path: 'M620.4 161.4L651.4 164.7L680.8 170.8L707.1 179.2L730.9 190L794.9 71.7L767 63.2L735 56.7L698.7 52L626.8 44.9Z',
  },
  {
    id: 'the-orchard', name: 'The Orchard', label: { x: 818, y: 144 },
    path: 'M730.9 190L748.3 200.6L763.5 211.9L777.3 224.4L789.5 238L909.6 142.5L898.9 130.9L888.9 121.8L876.6 112.3L863.4 103.6L848.1 94.9L832 86.9L794.9 71.7Z',
  },
  {
    id: 'linden-walk', name: 'Linden Walk', label: { x: 892, y: 230 },
    path: 'M789.5 238L798.9 251.4L806.3 265.8L811.7 281.1L815.4 298.4L962.5 275.2L961 257L958.3 241.5L953.6 223.6L947.3 206L939.6 188.8L930.7 172.2L920.5 156.5L909.6 142.5Z',
  },
  {
    id: 'hawthorn', name: 'Hawthorn', label: { x: 890, y: 353 },
    path: 'M815.4 298.4L817.4 320.9L816.1 344.2L812 364.2L804.3 385.2L934.9 443.1L941 427.4L946.6 409.6L951.1 391.1L955 370L958.8 343.8L961.4 319L962.6 296.9L962.5 275.2Z',
  },
  {
    id: 'ashcombe', name: 'Ashcombe', label: { x: 849, y: 467 },
    path: 'M804.3 385.2L795 403.3L784.4 419.4L772.3 434L759.6 446.1L849.3 553.2L861.8 543.1L874.2 531.5L885.6 519.5L896.8 505.9L908.6 489.7L920 472L928 457.7L934.9 443.1Z',
  },
  {
    id: 'stonegate', name: 'Stonegate', label: { x: 757, y: 538 },
    path: 'M759.6 446.1L744.2 457.4L725.2 468.4L703.6 478.3L678.5 487.5L721.2 617L758.9 602.6L793.7 586.7L823.8 570.4L849.3 553.2Z',
  },
  {
    id: 'willow-bank', name: 'Willow Bank', label: { x: 347, y: 247 },
    path: 'M289.2 229.4L311.4 217.7L334.7 207.6L357.4 199.8L379 194.6L396.6 293.1L384 296.2L370.1 301.1L354.6 307.9L340.4 315.3Z',
  },
  {
    id: 'kingfisher', name: 'Kingfisher', label: { x: 428, y: 238 },
    path: 'M379 194.6L395.7 192.6L411.3 193.3L426.7 195.7L474.6 205.3L460.3 304.3L440.5 300.8L409.9 294.3L398.7 292.6L400.5 292.5L396.6 293.1Z',
  },
  {
    id: 'heron-pond', name: 'Heron Pond', label: { x: 511, y: 263 },
    path: 'M474.6 205.3L491.1 206.9L505 206.8L521.5 204.8L540.3 200.7L564.5 297.8L536.2 303.7L511.3 306.6L486.6 306.8L460.3 304.3Z',
  },
  {
    id: 'stillwater', name: 'Stillwater', label: { x: 590, y: 232 },
    path: 'M540.3 200.7L576 191.4L595.2 187.8L611.1 187L636.4 188.9L624.6 288.2L606.1 287.3L564.5 297.8Z',
  },
  {
    id: 'swan-reach', name: 'Swan Reach', label: { x: 671, y: 239 },
    path: 'M636.4 188.9L663.6 193.5L689.5 200.5L711.3 209.2L731.7 220.8L676.8 304.4L666.9 298.8L655.2 294.5L640.5 290.8L624.6 288.2Z',
  },
] as const satisfies readonly PlanParcel[];

export type PlanShapeId = (typeof PARCELS)[number]['id'];

/** The woods the estate stands in, around its line; the gate's side left open to the lane. */
const WOODS: readonly PlanTree[] = [
  [-18, -15, 15], [1, -17, 13], [23, -3, 14], [35, -20, 13], [92, -13, 16], [118, -20, 14], [141, -17, 19], [170, -17, 18], [192, -12, 14],
  [253, -17, 15], [275, -19, 14], [300, -4, 15], [322, -17, 12], [332, -1, 14], [367, -9, 16], [396, -10, 15], [414, -3, 13], [438, -7, 14],
  [463, -11, 16], [489, -18, 18], [509, -19, 12], [524, -6, 15], [540, -20, 12], [578, -12, 17], [605, -12, 14], [638, -9, 12], [659, -4, 12],
  [685, -11, 17], [713, -14, 12], [731, -6, 16], [761, -18, 13], [780, -15, 13], [805, -17, 15], [849, -16, 13], [872, -12, 12], [895, -9, 14],
  [927, -12, 12], [945, -14, 14], [961, -2, 14], [995, -20, 17], [1018, -16, 16], [-18, 5, 13], [-8, 28, 18], [3, 4, 17], [16, 26, 18],
  [24, 53, 17], [45, 24, 13], [46, 55, 15], [54, 7, 15], [67, 51, 15], [74, 1, 13], [74, 26, 13], [91, 54, 13], [102, 24, 17],
  [116, 50, 14], [128, 18, 12], [128, 1, 12], [136, 48, 15], [146, 3, 12], [156, 29, 14], [168, 42, 12], [169, 7, 17], [185, 39, 13],
  [195, 20, 13], [210, 37, 18], [224, 2, 15], [242, 35, 14], [244, 8, 13], [263, 32, 12], [280, 1, 15], [284, 25, 19], [313, 24, 18],
  [333, 35, 15], [350, 22, 14], [368, 11, 12], [373, 31, 12], [386, 14, 13], [399, 28, 13], [417, 18, 14], [431, 32, 13], [451, 20, 17],
  [487, 5, 17], [511, 10, 16], [533, 20, 15], [545, 0, 16], [558, 18, 14], [580, 15, 15], [604, 20, 12], [623, 3, 15], [640, 26, 12],
  [649, 10, 12], [671, 25, 17], [693, 29, 14], [697, 8, 16], [713, 29, 13], [728, 13, 13], [746, 29, 16], [756, 4, 17], [773, 45, 12],
  [787, 23, 14], [792, 43, 14], [812, 6, 13], [814, 42, 18], [836, 28, 12], [843, 2, 14], [846, 55, 19], [862, 20, 16], [863, 40, 13],
  [876, 56, 13], [882, 12, 15], [886, 40, 15], [907, 29, 18], [913, 2, 15], [926, 46, 16], [931, 10, 14], [951, 20, 16], [951, 45, 17],
  [970, 57, 17], [979, 36, 16], [979, 6, 15], [998, 22, 18], [1015, 5, 14], [1020, 54, 16], [-13, 87, 14], [-3, 62, 18], [12, 78, 15],
  [32, 101, 18], [38, 72, 12], [52, 91, 12], [58, 72, 14], [76, 105, 14], [86, 86, 14], [95, 109, 14], [109, 77, 14], [130, 67, 14],
  [867, 76, 19], [890, 93, 17], [894, 69, 15], [911, 78, 14], [916, 108, 15], [927, 87, 12], [938, 100, 12], [944, 74, 15], [957, 107, 14],
  [972, 83, 18], [991, 67, 14], [1004, 91, 17], [1013, 112, 15], [-19, 172, 17], [-17, 143, 15], [-14, 121, 18], [-1, 165, 12], [9, 120, 17],
  [11, 145, 18], [20, 169, 14], [32, 129, 14], [33, 149, 16], [43, 179, 17], [55, 158, 13], [62, 126, 17], [80, 135, 14], [936, 123, 15],
  [942, 145, 18], [953, 165, 14], [963, 136, 16], [976, 156, 19], [986, 126, 13], [995, 173, 17], [1009, 149, 17], [1017, 174, 15], [-17, 207, 14],
  [4, 213, 15], [9, 187, 14], [15, 230, 15], [41, 204, 16], [969, 193, 14], [989, 211, 18], [1015, 200, 12], [1020, 220, 17], [-20, 270, 18],
  [-8, 241, 18], [12, 271, 16], [31, 246, 17], [984, 252, 18], [991, 273, 15], [1009, 281, 12], [1013, 244, 19], [-20, 321, 15], [-16, 344, 15],
  [-7, 302, 15], [3, 322, 13], [22, 305, 13], [23, 339, 15], [986, 320, 13], [995, 346, 15], [1000, 303, 17], [1012, 325, 18], [1019, 359, 12],
  [-19, 411, 13], [-15, 365, 15], [-5, 388, 16], [8, 369, 16], [23, 396, 17], [974, 392, 12], [988, 373, 14], [990, 417, 12], [1008, 380, 17],
  [1019, 416, 15], [-3, 448, 16], [-2, 424, 16], [16, 472, 14], [24, 451, 14], [25, 427, 13], [48, 458, 15], [962, 445, 16], [970, 465, 14],
  [972, 420, 12], [986, 439, 15], [1000, 466, 14], [1013, 451, 12], [-17, 514, 14], [-15, 486, 13], [9, 491, 13], [22, 515, 18], [40, 489, 15],
  [42, 535, 18], [63, 489, 13], [66, 523, 17], [89, 537, 16], [921, 531, 18], [942, 480, 14], [943, 508, 18], [943, 538, 15], [965, 516, 13],
  [979, 485, 17], [990, 507, 15], [990, 533, 18], [1010, 519, 17], [1017, 494, 15], [-16, 547, 16], [-15, 574, 18], [9, 553, 18], [12, 593, 14],
  [26, 570, 13], [39, 593, 18], [41, 556, 12], [64, 563, 17], [73, 582, 15], [86, 598, 14], [95, 573, 13], [107, 560, 12], [118, 587, 16],
  [151, 591, 19], [173, 595, 15], [834, 588, 15], [862, 581, 16], [882, 591, 13], [886, 559, 15], [897, 577, 16], [907, 552, 14], [920, 566, 13],
  [939, 581, 16], [963, 561, 16], [976, 579, 13], [994, 590, 17], [1004, 563, 19], [1016, 541, 16], [1018, 584, 18], [-18, 653, 13], [-13, 605, 17],
  [-4, 639, 15], [15, 630, 14], [28, 615, 14], [37, 639, 16], [49, 618, 15], [56, 650, 14], [70, 637, 12], [71, 607, 12], [88, 618, 14],
  [103, 641, 13], [108, 608, 19], [125, 655, 13], [129, 633, 19], [145, 614, 14], [155, 629, 12], [161, 648, 15], [173, 625, 16], [192, 652, 15],
  [201, 626, 13], [209, 610, 12], [216, 653, 15], [227, 627, 17], [238, 649, 12], [262, 641, 18], [284, 639, 13], [311, 648, 13], [332, 652, 14],
  [684, 651, 15], [721, 643, 18], [751, 652, 15], [770, 623, 15], [771, 654, 13], [791, 627, 18], [813, 645, 19], [813, 605, 13], [824, 622, 16],
  [839, 642, 14], [855, 624, 17], [857, 602, 15], [875, 633, 12], [885, 650, 16], [894, 612, 18], [916, 602, 15], [918, 622, 12], [919, 649, 18],
  [942, 604, 13], [946, 641, 17], [955, 620, 13], [965, 653, 12], [972, 608, 18], [974, 634, 18], [990, 652, 18], [998, 619, 17], [1010, 637, 15],
  [1014, 604, 12],
];

/** Clumps on the common ground inside the loop, west and east of Heron Pond. */
const GROUNDS: readonly PlanTree[] = [
  [740, 236, 7], [257, 279, 11], [272, 256, 9], [730, 248, 8], [750, 258, 7], [251, 306, 11], [268, 302, 9], [304, 301, 11], [415, 307, 7],
  [553, 319, 8], [576, 308, 10], [608, 317, 9], [620, 299, 8], [632, 317, 8], [661, 310, 8], [703, 298, 9], [709, 314, 9], [724, 304, 7],
  [727, 280, 7], [744, 308, 8], [765, 287, 9], [766, 315, 8], [260, 338, 10], [301, 336, 7], [312, 323, 10], [331, 350, 10], [352, 334, 11],
  [372, 341, 8], [404, 321, 11], [412, 336, 8], [424, 321, 8], [474, 323, 9], [503, 322, 8], [520, 323, 9], [569, 332, 9], [593, 328, 11],
  [627, 336, 11], [669, 323, 8], [685, 328, 10], [706, 341, 8], [727, 329, 8], [747, 353, 9], [753, 320, 9], [758, 342, 9], [773, 346, 8],
  [782, 322, 10], [251, 362, 9], [266, 367, 9], [278, 388, 8], [301, 396, 10], [304, 367, 9], [337, 399, 8], [340, 381, 10], [370, 370, 7],
  [391, 375, 10], [703, 365, 10], [719, 380, 8], [728, 368, 8], [757, 379, 8], [765, 362, 11], [283, 404, 9], [313, 409, 8], [314, 429, 7],
  [327, 416, 8], [330, 433, 10], [348, 421, 9], [363, 432, 7], [373, 412, 9], [386, 430, 9], [708, 435, 8], [721, 411, 7], [726, 429, 10],
  [740, 400, 10], [347, 444, 7], [367, 455, 8],
];

/** The tree-lined entrance drive. */
const AVENUE: readonly PlanTree[] = [
  [547, 579, 7], [509, 591, 7], [536, 554, 7], [501, 573, 7], [528, 536, 7], [489, 547, 7], [525, 517, 7], [485, 518, 7],
];

export const SITE_PLAN: SitePlan = {
  width: 1000,
  height: 700,
  viewBox: '0 0 1000 700',
  boundary:
    'M140 92C170.3 70.3 218.3 57 260 52C301.7 47 346.7 63.7 390 62C433.3 60.3 475 44.3 520 42C565 39.7 615 43.3 660 48C705 52.7 750 56 790 70C830 84 872 103.7 900 132C928 160.3 948.8 200.3 958 240C967.2 279.7 961.3 331.3 955 370C948.7 408.7 939.2 440.3 920 472C900.8 503.7 876.7 534.7 840 560C803.3 585.3 746.7 609.7 700 624C653.3 638.3 601.7 642.3 560 646C518.3 649.7 486.7 648 450 646C413.3 644 377.5 642 340 634C302.5 626 262 615.7 225 598C188 580.3 145.8 557.7 118 528C90.2 498.3 70.3 458 58 420C45.7 382 40.7 339.7 44 300C47.3 260.3 62 216.7 78 182C94 147.3 109.7 113.7 140 92Z',
  features: [
    { kind: 'lane', name: 'The lane', path: 'M-10 684.2L100 682.1L200 680.5L300 679.1L400 678.3L500 678L600 678.3L700 679.1L800 680.5L900 682.1L1000 684L1010 684.2' },
    {
      kind: 'drive',
      name: 'The entrance drive',
      path: 'M520.5 680C518 670 512.7 663.7 514 646C515.3 628.3 531 611.7 530 594C529 576.3 512.2 556.7 508 540C503.8 523.3 505.5 501.7 505 494',
    },
    {
      kind: 'drive',
      name: 'The loop',
      path: 'M290 214C315.7 200 355 183.3 390 180C425 176.7 463.3 195 500 194C536.7 193 573.7 173.3 610 174C646.3 174.7 688 183.3 718 198C748 212.7 776 236.7 790 262C804 287.3 807.3 322 802 350C796.7 378 779.7 409 758 430C736.3 451 705 465.3 672 476C639 486.7 597 491.7 560 494C523 496.3 485 494.3 450 490C415 485.7 381.3 479.7 350 468C318.7 456.3 283.7 441.3 262 420C240.3 398.7 224.3 366 220 340C215.7 314 224.3 285 236 264C247.7 243 264.3 228 290 214Z',
    },
    { kind: 'meadow', name: 'The Meadow', path: 'M392 512C420 506 470 504 490 522C500 540 498 570 494 586C490 604 488 620 478 626C460 636 440 634 420 634C396 632 372 630 362 622C352 600 364 580 372 560C378 540 376 518 392 512Z' },
    {
      kind: 'water',
      name: 'Heron Pond',
      path: 'M392 402C397 391 418.7 372.7 440 364C461.3 355.3 493.3 351.3 520 350C546.7 348.7 575.3 352.3 600 356C624.7 359.7 650.7 365 668 372C685.3 379 701.3 388.7 704 398C706.7 407.3 698.7 421 684 428C669.3 435 640 436.3 616 440C592 443.7 565.3 449 540 450C514.7 451 485.7 449.3 464 446C442.3 442.7 422 437.3 410 430C398 422.7 387 413 392 402Z',
    },
    { kind: 'island', name: 'The island', path: 'M588 392C590.7 388.8 604.7 384 612 384C619.3 384 631 388.7 632 392C633 395.3 624 402.2 618 404C612 405.8 601 405 596 403C591 401 585.3 395.2 588 392Z' },
    { kind: 'building', name: 'The Clubhouse', path: 'M566 516L652 508L655 538L624 541L626 560L596 562L594 544L569 546Z' },
    { kind: 'pool', name: 'The pool', path: 'M634 552L668 549L669 561L635 564Z' },
    { kind: 'court', name: 'The tennis courts', path: 'M566 574H584V612H566ZM566 593H584M592 574H610V612H592ZM592 593H610' },
    { kind: 'building', name: 'The Gatehouse', path: 'M486 616H502V632H486Z' },
    { kind: 'gate', name: 'The gate', path: 'M500 642.5H505V647.5H500ZM523 642.5H528V647.5H523ZM505 645H523' },
  ],
  woods: WOODS,
  trees: [...GROUNDS, ...AVENUE],
  labels: [
    { text: 'Heron Pond', kind: 'water', x: 500, y: 406, anchor: 'middle' },
    { text: 'The Meadow', kind: 'place', x: 430, y: 578, anchor: 'middle' },
    { text: 'Clubhouse', kind: 'building', x: 620, y: 600, anchor: 'start' },
    { text: 'Gatehouse', kind: 'building', x: 480, y: 628, anchor: 'end' },
    { text: 'Alder Wood', kind: 'place', x: 60, y: 36, anchor: 'start' },
  ],
  north: { x: 948, y: 630 },
  lots: PARCELS,
};

/** Every shape the plan draws, in its order. */
export const PLAN_SHAPE_IDS: readonly PlanShapeId[] = PARCELS.map((parcel) => parcel.id);

const BY_ID: ReadonlyMap<string, PlanParcel> = new Map(PARCELS.map((parcel) => [parcel.id, parcel]));

export function isPlanShape(id: string): id is PlanShapeId {
  return BY_ID.has(id);
}

/** The shape of that id, or null: an estate's `shape` may name one the plan no longer draws. */
export function planShape(id: string): PlanParcel | null {
  return BY_ID.get(id) ?? null;
}

/**
 * What a lot is called on the plan, where there is room for a few characters only: its number ("Lot 12 · The
 * Orchard" is 12, "2A" is 2A), or the initials of a name without one.
 */
export function lotMark(lot: string): string {
  const words = lot.replace(/^\s*lot(?=[\s\p{Nd}#.:]|$)[\s#.:]*/iu, '').split(/[\s·,:;/–—-]+/u).filter(Boolean);
  const numbered = words.find((word) => /\p{Nd}/u.test(word));
  const mark = numbered ?? words.map((word) => Array.from(word)[0]!.toUpperCase()).join('');
  return Array.from(mark || lot.trim()).slice(0, 4).join('');
}

/** Trees' crowns as one path of circles, each outlined whole where they overlap, as a landscape plan draws them. */
export function treeCrowns(trees: readonly PlanTree[]): string {
  return trees.map(([x, y, r]) => `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`).join('');
}

/** A lot's outline as its corners, from its path (straight lines only, as every parcel is drawn). */
export function parcelCorners(parcel: PlanParcel): PlanPoint[] {
  const numbers = parcel.path.match(/-?\d+(?:\.\d+)?/g)?.map(Number) ?? [];
  return Array.from({ length: numbers.length / 2 }, (_, index) => ({ x: numbers[2 * index]!, y: numbers[2 * index + 1]! }));
}
