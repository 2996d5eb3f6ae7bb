"""Campaign level titles, teach beats and the tutorial prompts missing from strings.py, in English
and Russian, keyed by level id (Part VIII level tables)."""

from __future__ import annotations

# id: (English title, Russian title, English beat, Russian beat)
LEVELS: dict[str, tuple[str, str, str, str]] = {
    "lv01": (
        "First Stack",
        "Первая башня",
        "Move, rotate and lock pieces",
        "Двигайте, вращайте и ставьте фигуры",
    ),
    "lv02": ("First Tilt", "Первый наклон", "Tilt the world east and west", "Наклон мира на восток и запад"),
    "lv03": ("Four Winds", "Четыре ветра", "Tilts north and south too", "Наклоны ещё и на север и юг"),
    "lv04": (
        "Unsupported",
        "Без опоры",
        "Overhangs fall when gravity turns",
        "Нависания падают при повороте гравитации",
    ),
    "lv05": ("Parking Lot", "Парковка", "Flatness matters", "Важна ровная поверхность"),
    "lv06": ("Hold It", "Придержи", "Put a piece on hold", "Фигуру можно отложить в запас"),
    "lv07": (
        "Reinforced Intro",
        "Усиленные блоки",
        "Reinforced pieces bridge gaps",
        "Усиленные фигуры перекрывают пролёты",
    ),
    "lv08": ("Tilt Budget", "Бюджет наклонов", "Tilts are scarce", "Наклонов мало"),
    "lv09": ("Cavity Bonus", "Бонус за полость", "Enclose an air pocket", "Замкните воздушный карман"),
    "lv10": ("Foundation Exam", "Экзамен: фундамент", "Combine everything so far", "Всё изученное вместе"),
    "lv11": (
        "First Basin",
        "Первый бассейн",
        "Water exists and never supports",
        "Вода есть, и она не держит",
    ),
    "lv12": ("Meet the Drain", "Знакомьтесь: сток", "Drains remove nearby water", "Стоки убирают воду рядом"),
    "lv13": (
        "Dig a Channel",
        "Прокопай канал",
        "Keep the channel to the drain open",
        "Держите путь к стоку открытым",
    ),
    "lv14": (
        "Two Basins",
        "Два бассейна",
        "Basins connect and level out",
        "Бассейны соединяются и выравниваются",
    ),
    "lv15": (
        "Don't Build on Water",
        "Не строй на воде",
        "Blocks on water are not supported",
        "Блоки на воде не имеют опоры",
    ),
    "lv16": ("Freeze 101", "Заморозка: основы", "Ice gives temporary support", "Лёд даёт временную опору"),
    "lv17": (
        "Temporary Bridge",
        "Временный мост",
        "Freeze a crossing, then drain",
        "Заморозьте переправу, потом слейте воду",
    ),
    "lv18": ("Drain Placement", "Свой сток", "Place a drain block yourself", "Поставьте сток сами"),
    "lv19": ("Forbidden Zone", "Запретная зона", "Water must stay low", "Вода должна оставаться внизу"),
    "lv20": (
        "Floodplain Exam",
        "Экзамен: пойма",
        "Drains, freeze and planning together",
        "Стоки, заморозка и план вместе",
    ),
    "lv21": ("Weight Limit", "Предел веса", "Total mass is limited", "Общая масса ограничена"),
    "lv22": (
        "Heavy Pieces",
        "Тяжёлые фигуры",
        "Heavy blocks weigh double",
        "Тяжёлые блоки весят вдвое больше",
    ),
    "lv23": ("Skyline Footprint", "Узкое основание", "A small base footprint", "Маленькая площадь основания"),
    "lv24": ("First Gust", "Первый порыв", "Wind pushes the piece", "Ветер толкает фигуру"),
    "lv25": ("Stabilize", "Якорь", "Stabilize anchors a piece", "Якорь закрепляет фигуру"),
    "lv26": (
        "Cantilever",
        "Консоль",
        "Overhangs that survive tilts",
        "Нависания, которые переживают наклоны",
    ),
    "lv27": ("Tight Budget", "Жёсткий бюджет", "Few tilts under pressure", "Мало наклонов под давлением"),
    "lv28": (
        "Alternating Wind",
        "Переменный ветер",
        "Wind alternates east and west",
        "Ветер дует то на восток, то на запад",
    ),
    "lv29": ("Wet Foundation", "Мокрый фундамент", "Puddles under a heavy tower", "Лужи под тяжёлой башней"),
    "lv30": ("High-Rise Exam", "Экзамен: высотка", "Full mastery", "Полное мастерство"),
}

# tutorial prompts for the levels strings.py has none for
TIPS_EN: dict[str, str] = {
    "tip_5": "A parking garage: the bottom is open, the only floor is the 3×3 garage under the west roof. Tilt west and slide each I3 in as one row, at the height you choose. Two flat layers make the plateau at level 2; keep the layer above it empty. It must stand through a tilt (two for ★3).",
    "tip_8": "Only 6 tilts. One garage column, two mouths: its lower six layers open to the east (tilt west), the layers above open to the south (tilt north). Fill it from the floor up, then tilt back down. Three tilts do it; keep 2 for the third star.",
    "tip_6": "{hold} puts the piece on hold, once per drop. The garage is in the east block now, 9 layers to fill from its floor up, then tilt back down. A long I4 does not lie flat in it: put it on hold and keep it there. Only 4 blocks may fall out.",
    "tip_13": "The drain sits high in the east wall: tilt east and stay there. The pool runs against that wall and every piece you lock drains 2. Pile your pieces away from the drain, or they seal it off.",
    "tip_10": "Exam: every side is open. Lay a flat 3×3 floor on the deck with the low lips (three I3 rows) and fill the garage column from its floor up: east mouth below (tilt west), south mouth above (tilt north). Height 14 must survive 2 tilts; 8 tilts in all.",
    "tip_14": "The drain is high in the south wall of the narrow east basin and drains only while the world is tilted south. The big basin's water stays behind the divider: tilt north to bring it through the gap along the north wall, then south again to drain it. Keep the drain's corner clear.",
    "tip_15": "The pool has no floor: what falls into it is lost. Build on the four stilts and bridge them with the Reinforced (blue) bars, up to a flat 3×3 top at height 13, and rest nothing on water: a red warning shows when you do.",
    "tip_17": "Like Freeze 101, with a crossing: tilt east, aim the ghost at the water and freeze it ({freeze}) into an ice wall, then build an arch on it: two piers and a lintel over a gap of 2 empty cells. Drain 20 (1 per piece) under that one tilt; only 4 blocks may fall out for ★2.",
    "tip_20": "Exam: the east face is open and the drain sits in it, 8 up. Tilt east and freeze the face water HIGH (aim above the drain): drain 40 on that ice, tilt back, build the tower in front of the ice up to its top, then tilt east again - only what rests on the ice stays, and it must reach 12.",
    "tip_21": "Every block counts toward the weight limit. A tilt keeps only what rests on the dark post: build a spine of Reinforced (blue) blocks against one side of the post, from the floor up, stack the rest behind it, then tilt toward the post and back.",
    "tip_23": "Two things must stand through both tilts: the tower (18) and a flat 3×3 table at height 6. A loose table falls off on the tilt: make it of Reinforced (blue) blocks joined to the spine, laid on a loose scaffold that the tilt throws away.",
    "tip_26": "Build an overhang 8 long that survives 2 tilts, under the weight limit: a Reinforced beam resting on the dark pier at one end holds, loose blocks hanging off it fall. Reinforced pieces are few: Stabilize one more piece to join the beam, and keep a piece you do not need in the hold slot. The sides are open: only what rests on the pier survives a tilt, and there are 4 tilts.",
    "tip_27": "Only 6 tilts and weight ≤ 114: about 20 pieces. The Reinforced pieces alone do not reach height 24 in time: Stabilize one tall piece early so that it joins the spine, and keep one heavy piece in the hold slot ({hold}) for good. Then tilt toward the post and back.",
    "tip_28": "The world never tilts back down here: the tower must stand leaning east, then leaning north. The post has a notch on its south-west corner; a Reinforced spine in the notch, from the floor up, rests on the post tilted east and on the notch tilted north. Height 26, 4 tilts. The wind alternates east and west.",
    "tip_29": "Puddles at the base: do not rest blocks on water, mind the weight. The spine still goes against the post.",
    "tip_30": "Exam: height 30 with weight ≤ 400, stronger wind and 10 tilts. A Reinforced spine against the post, floor to top.",
}
TIPS_RU: dict[str, str] = {
    "tip_5": "Парковка: дно открыто, пол есть только в гараже 3×3 под западной крышей. Наклоните мир на запад и вдвигайте каждую I3 целым рядом на выбранной высоте. Два ровных слоя — площадка на уровне 2; слой над ней оставьте пустым. Она должна выстоять наклон (для ★3 — два).",
    "tip_8": "Всего 6 наклонов. Одна шахта гаража, два входа: нижние шесть слоёв открыты на восток (наклон на запад), верхние — на юг (наклон на север). Заполните её от пола вверх и верните мир обратно. Хватит трёх наклонов; сохраните 2 ради третьей звезды.",
    "tip_6": "{hold} убирает фигуру в запас — раз за бросок. Теперь гараж в восточном блоке: 9 слоёв от пола вверх, потом верните мир обратно. Длинная I4 в нём плашмя не ляжет: уберите её в запас и держите там. Выпасть могут только 4 блока.",
    "tip_13": "Сток высоко в восточной стене: наклоните мир на восток и оставьте так. Вода ляжет у этой стены, и каждая фигура сольёт 2. Складывайте фигуры подальше от стока, иначе они его закроют.",
    "tip_10": "Экзамен: все стороны открыты. Выложите ровный пол 3×3 на площадке с низкими бортиками (три ряда I3) и заполните шахту гаража от пола вверх: снизу вход с востока (наклон на запад), сверху — с юга (наклон на север). Высота 14 должна пережить 2 наклона; всего 8 наклонов.",
    "tip_14": "Сток высоко в южной стене узкого восточного бассейна и сливает, только пока мир наклонён на юг. Вода большого бассейна стоит за перегородкой: наклоните мир на север, чтобы она прошла через проход у северной стены, потом снова на юг, чтобы слить её. Не загораживайте угол со стоком.",
    "tip_15": "У бассейна нет дна: упавшее в него пропадает. Стройте на четырёх сваях и соедините их армированными (синими) балками, до ровной площадки 3×3 на высоте 13, и ничего не кладите на воду: красное предупреждение покажет ошибку.",
    "tip_17": "Как в «Заморозке», но с переправой: наклоните мир на восток, наведите тень на воду и заморозьте её ({freeze}) в ледяную стену, затем постройте на ней арку: две опоры и перекладину над пролётом в 2 пустые клетки. Слейте 20 (по 1 за фигуру) за этот один наклон; для ★2 выпасть могут только 4 блока.",
    "tip_20": "Экзамен: восточная стена открыта, сток в ней на высоте 8. Наклоните на восток и заморозьте воду у стены ПОВЫШЕ (над стоком): слейте 40 на этом льду, верните мир, постройте башню перед льдом до его верха и снова наклоните на восток - останется только то, что опирается на лёд, и это должно достать до 12.",
    "tip_21": "Каждый блок идёт в счёт лимита веса. Наклон оставляет только то, что опирается на тёмный столб: постройте от пола вверх хребет из усиленных (синих) блоков вплотную к одной стороне столба, остальное складывайте за ним, потом наклоните мир к столбу и обратно.",
    "tip_23": "Через оба наклона должны устоять две вещи: башня (18) и плоский стол 3×3 на высоте 6. Стол из обычных блоков наклон сбросит: сложите его из усиленных (синих) блоков, соединённых с хребтом, поверх временных лесов из обычных фигур — наклон их выбросит.",
    "tip_26": "Постройте консоль длиной 8, которая переживёт 2 наклона, не превысив вес: усиленная балка, опёртая одним концом на тёмную опору, держится, а свисающие с неё простые блоки падают. Усиленных фигур мало: закрепите якорем ещё одну — она войдёт в балку, а ненужную фигуру держите в запасе. Стороны открыты: наклон переживёт только то, что опирается на опору, а наклонов всего 4.",
    "tip_27": "Всего 6 наклонов, и при весе ≤ 114 это около 20 фигур. Одних усиленных фигур до высоты 24 не хватит: закрепите якорем одну высокую фигуру пораньше, чтобы она вошла в хребет, и оставьте одну тяжёлую фигуру в запасе ({hold}) навсегда. Затем наклон к столбу и обратно.",
    "tip_28": "Здесь мир не возвращается вниз: башня должна устоять, наклонившись на восток, а затем на север. В юго-западном углу столба есть выемка; усиленный хребет в выемке, от пола вверх, опирается на столб при наклоне на восток и на выемку при наклоне на север. Высота 26, 4 наклона. Ветер дует то на восток, то на запад.",
    "tip_29": "Лужи у основания: не ставьте блоки на воду и следите за весом. Хребет всё так же строится у столба.",
    "tip_30": "Экзамен: высота 30 при весе ≤ 400, сильный ветер и 10 наклонов. Усиленный хребет у столба, от пола до верха.",
}


def tables() -> tuple[dict[str, str], dict[str, str]]:
    """(English, Russian) entries: ``title_lvNN``, ``beat_lvNN`` and the extra ``tip_N``."""
    en: dict[str, str] = dict(TIPS_EN)
    ru: dict[str, str] = dict(TIPS_RU)
    for lid, (te, tr, be, br) in LEVELS.items():
        en[f"title_{lid}"], ru[f"title_{lid}"] = te, tr
        en[f"beat_{lid}"], ru[f"beat_{lid}"] = be, br
    return en, ru
