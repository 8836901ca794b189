"""Messages of the simulator (``simulate``) and of ``odds --effects`` / ``--totals``."""

from __future__ import annotations

from puntobanco.i18n import Message as M

MESSAGES: dict[str, M] = {
    # Errors.
    "error.sim.strategy": M(
        "{name!r} is not a strategy; choose one of: {names} (with :punto, :banco or :egalite "
        "where a box is needed, :K for against-streak).",
        "{name!r} n'est pas une stratégie ; choisissez parmi : {names} (avec :punto, :banco ou "
        ":egalite quand il faut une case, :K pour against-streak).",
        "{name!r} no es una estrategia; elija entre: {names} (con :punto, :banco o :egalite "
        "cuando hace falta una casilla, :K para against-streak).",
    ),
    "error.sim.limits": M(
        "Table limits must be whole units with 1 <= minimum <= maximum, a unit and a bankroll "
        "of at least 1 (got unit {unit!r}, minimum {minimum!r}, maximum {maximum!r}, "
        "bankroll {bankroll!r}).",
        "Les limites de table sont des unités entières avec 1 <= minimum <= maximum, une unité "
        "et une bankroll d'au moins 1 (reçu : unité {unit!r}, minimum {minimum!r}, "
        "maximum {maximum!r}, bankroll {bankroll!r}).",
        "Los límites de mesa son unidades enteras con 1 <= mínimo <= máximo, una unidad y un "
        "capital de al menos 1 (recibido: unidad {unit!r}, mínimo {minimum!r}, "
        "máximo {maximum!r}, capital {bankroll!r}).",
    ),
    "error.sim.coups": M(
        "The number of coups must be a whole number from 1 to {maximum}, not {coups!r}.",
        "Le nombre de coups doit être un entier de 1 à {maximum}, pas {coups!r}.",
        "El número de manos debe ser un entero de 1 a {maximum}, no {coups!r}.",
    ),
    "error.sim.chunk": M(
        "A chunk holds 1 to 2**30 coups, not {chunk!r}.",
        "Un lot contient de 1 à 2**30 coups, pas {chunk!r}.",
        "Un lote contiene de 1 a 2**30 manos, no {chunk!r}.",
    ),
    "error.sim.paytable": M(
        "Unknown paytable {name!r}.",
        "Barème inconnu {name!r}.",
        "Tabla de pagos desconocida {name!r}.",
    ),
    "error.sim.workers": M(
        "Workers must be at least 1, not {workers!r}.",
        "Il faut au moins 1 processus de calcul, pas {workers!r}.",
        "Hacen falta al menos 1 trabajador, no {workers!r}.",
    ),
    "error.sim.extra": M(
        "This needs the optional {extra!r} extra: pip install 'puntobanco[{extra}]' ({missing}).",
        "Il faut l'extra optionnel {extra!r} : pip install 'puntobanco[{extra}]' ({missing}).",
        "Hace falta el extra opcional {extra!r}: pip install 'puntobanco[{extra}]' ({missing}).",
    ),
    "error.sim.scheduler": M(
        "Cannot reach the Dask scheduler at {address!r}: {reason}",
        "Impossible de joindre l'ordonnanceur Dask à {address!r} : {reason}",
        "No se puede contactar con el planificador Dask en {address!r}: {reason}",
    ),
    # Help.
    "sim.help.simulate": M(
        "simulate real shoes coup by coup, with strategies and betting systems",
        "simuler de vrais sabots coup par coup, avec stratégies et systèmes de mise",
        "simular zapatos reales mano a mano, con estrategias y sistemas de apuesta",
    ),
    "sim.help.coups": M(
        "coups to deal (1e9 is accepted)",
        "coups à distribuer (1e9 accepté)",
        "manos a repartir (se acepta 1e9)",
    ),
    "sim.help.strategy": M(
        "strategies to play on the same coups: flat:BOX, martingale, paroli, dalembert, "
        "fibonacci, 1326, labouchere (each :BOX, banco by default), follow, against-streak:K, "
        "count",
        "stratégies jouées sur les mêmes coups : flat:CASE, martingale, paroli, dalembert, "
        "fibonacci, 1326, labouchere (chacune :CASE, banco par défaut), follow, "
        "against-streak:K, count",
        "estrategias jugadas en las mismas manos: flat:CASILLA, martingale, paroli, dalembert, "
        "fibonacci, 1326, labouchere (cada una :CASILLA, banco por defecto), follow, "
        "against-streak:K, count",
    ),
    "sim.help.seed": M(
        "seed of the run (the same seed gives the same result with any number of workers)",
        "graine du tirage (même graine, même résultat quel que soit le nombre de processus)",
        "semilla (la misma semilla da el mismo resultado con cualquier número de trabajadores)",
    ),
    "sim.help.workers": M(
        "local threads (default: every core)",
        "fils d'exécution locaux (par défaut : tous les cœurs)",
        "hilos locales (por defecto: todos los núcleos)",
    ),
    "sim.help.scheduler": M(
        "run on the Dask cluster of this scheduler (tcp://HOST:PORT)",
        "calculer sur le cluster Dask de cet ordonnanceur (tcp://HÔTE:PORT)",
        "calcular en el clúster Dask de este planificador (tcp://HOST:PUERTO)",
    ),
    "sim.help.cut_card": M(
        "cards left behind the cut card (0: no cut card, deal to the end; default {default})",
        "cartes laissées derrière la carte de coupe (0 : sans coupe ; par défaut {default})",
        "cartas detrás de la carta de corte (0: sin corte; por defecto {default})",
    ),
    "sim.help.no_burn": M(
        "do not burn cards at the start of each shoe",
        "ne pas brûler de cartes au début de chaque sabot",
        "no quemar cartas al empezar cada zapato",
    ),
    "sim.help.unit": M(
        "base stake, in units", "mise de base, en unités", "apuesta base, en unidades"
    ),
    "sim.help.minimum": M("table minimum", "minimum de la table", "mínimo de la mesa"),
    "sim.help.maximum": M("table maximum", "maximum de la table", "máximo de la mesa"),
    "sim.help.bankroll": M(
        "bankroll brought to each shoe",
        "bankroll apportée à chaque sabot",
        "capital aportado a cada zapato",
    ),
    "sim.help.csv": M(
        "write one row per shoe to this CSV file",
        "écrire une ligne par sabot dans ce fichier CSV",
        "escribir una fila por zapato en este archivo CSV",
    ),
    "sim.help.plot": M(
        "draw bankroll paths, final bankrolls and the exact edge along a shoe (PNG)",
        "tracer les bankrolls, leur distribution finale et l'avantage exact le long d'un sabot",
        "dibujar el capital, su distribución final y la ventaja exacta a lo largo de un zapato",
    ),
    "sim.help.chunk": M(
        "coups per seeded chunk (part of what the seed means)",
        "coups par lot (fait partie du sens de la graine)",
        "manos por lote (forma parte del significado de la semilla)",
    ),
    "odds.help.effects": M(
        "effects of removal of one card of each point value",
        "effets du retrait d'une carte de chaque valeur",
        "efectos de retirar una carta de cada valor",
    ),
    "odds.help.totals": M(
        "probability of every final (Punto total, Banco total) pair",
        "probabilité de chaque paire finale (total Punto, total Banco)",
        "probabilidad de cada par final (total Punto, total Banco)",
    ),
    # Output.
    "sim.header": M(
        "{coups:,} {coups:plural:coup|coups}, {decks} {decks:plural:deck|decks}, seed {seed}: "
        "{shoes:,} {shoes:plural:shoe|shoes} ({partial:,} cut short), {seconds} s, {rate} coups/s",
        "{coups:,} {coups:plural:coup|coups}, {decks} {decks:plural:jeu|jeux}, graine {seed} : "
        "{shoes:,} {shoes:plural:sabot|sabots} ({partial:,} {partial:plural:écourté|écourtés}), "
        "{seconds} s, {rate} coups/s",
        "{coups:,} {coups:plural:mano|manos}, {decks} {decks:plural:baraja|barajas}, semilla "
        "{seed}: {shoes:,} {shoes:plural:zapato|zapatos} ({partial:,} "
        "{partial:plural:cortado|cortados}), {seconds} s, {rate} manos/s",
    ),
    "sim.interrupted": M(
        "Interrupted: partial result.",
        "Interrompu : résultat partiel.",
        "Interrumpido: resultado parcial.",
    ),
    "sim.freq.columns": M(
        "{box:<10} {count:>14} {freq:>10} {ci:>23} {exact:>10} {z:>7}",
        "{box:<10} {count:>14} {freq:>10} {ci:>23} {exact:>10} {z:>7}",
        "{box:<10} {count:>14} {freq:>10} {ci:>23} {exact:>10} {z:>7}",
    ),
    "sim.col.box": M("Outcome", "Résultat", "Resultado"),
    "sim.col.count": M("Coups", "Coups", "Manos"),
    "sim.col.freq": M("Frequency", "Fréquence", "Frecuencia"),
    "sim.col.ci": M("95% interval", "intervalle à 95 %", "intervalo 95 %"),
    "sim.col.exact": M("Exact", "Exact", "Exacta"),
    "sim.strategy.columns": M(  # 80 columns
        "{name:<16} {per_coup:>8} {per_shoe:>9} {sd_shoe:>8} {ruin:>7} {q05:>8} {q50:>8} {q95:>9}",
        "{name:<16} {per_coup:>8} {per_shoe:>9} {sd_shoe:>8} {ruin:>7} {q05:>8} {q50:>8} {q95:>9}",
        "{name:<16} {per_coup:>8} {per_shoe:>9} {sd_shoe:>8} {ruin:>7} {q05:>8} {q50:>8} {q95:>9}",
    ),
    "sim.col.name": M("Bet", "Mise", "Apuesta"),
    "sim.col.per_coup": M("per coup", "par coup", "por mano"),
    "sim.col.per_shoe": M("per shoe", "par sabot", "p. zapato"),
    "sim.col.sd_shoe": M("sd shoe", "σ sabot", "σ zapato"),
    "sim.col.ruin": M("ruin", "ruine", "ruina"),
    "sim.col.q05": M("final 5%", "final 5%", "final 5%"),
    "sim.col.q50": M("median", "médiane", "mediana"),
    "sim.col.q95": M("final 95%", "final 95%", "final 95%"),
    "sim.flat": M("flat {box}", "à plat {box}", "plana {box}"),
    "sim.written": M("Wrote {path}", "Écrit : {path}", "Escrito: {path}"),
    "sim.progress": M("Dealing", "Distribution", "Repartiendo"),
    "sim.plot.paths": M(
        "Bankroll along the first shoes",
        "Bankroll au fil des premiers sabots",
        "Capital a lo largo de los primeros zapatos",
    ),
    "sim.plot.finals": M(
        "Final bankroll per shoe",
        "Bankroll finale par sabot",
        "Capital final por zapato",
    ),
    "sim.plot.edge": M(
        "Exact expectation along the first shoe",
        "Espérance exacte au fil du premier sabot",
        "Esperanza exacta a lo largo del primer zapato",
    ),
    "sim.plot.coup": M("coup", "coup", "mano"),
    "sim.plot.bankroll": M("bankroll (units)", "bankroll (unités)", "capital (unidades)"),
    "sim.plot.shoes": M("shoes", "sabots", "zapatos"),
    "sim.plot.expectation": M(
        "expectation per unit", "espérance par unité", "esperanza por unidad"
    ),
    # odds --effects / --totals.
    "odds.effects.header": M(
        "Effects of removal, {decks} {decks:plural:deck|decks} ({paytable}): "
        "change of the expectation per unit when one card leaves the shoe (×10⁻⁶)",
        "Effets du retrait, {decks} {decks:plural:jeu|jeux} ({paytable}) : "
        "variation de l'espérance par unité quand une carte quitte le sabot (×10⁻⁶)",
        "Efectos de retirada, {decks} {decks:plural:baraja|barajas} ({paytable}): "
        "cambio de la esperanza por unidad cuando una carta sale del zapato (×10⁻⁶)",
    ),
    "odds.effects.value": M("Value", "Valeur", "Valor"),
    "odds.totals.header": M(
        "Final totals, {cards:,} cards: probability (%) of each pair, rows Punto, columns Banco",
        "Totaux finals, {cards:,} cartes : probabilité (%) de chaque paire, lignes Punto, "
        "colonnes Banco",
        "Totales finales, {cards:,} cartas: probabilidad (%) de cada par, filas Punto, "
        "columnas Banco",
    ),
}
