// Accepted: randomized quicksort matching in Kotlin (the algorithm of quicksort.py).
import kotlin.random.Random
import kotlin.system.exitProcess

fun ask(nut: Int, bolt: Int): Char {
    println("? $nut $bolt")
    System.out.flush()
    val reply = readLine()
    if (reply.isNullOrEmpty()) exitProcess(0)
    return reply[0]
}

fun main() {
    val n = readLine()?.trim()?.toInt() ?: return
    val boltOf = IntArray(n + 1)
    val tasks = mutableListOf<Pair<List<Int>, List<Int>>>()  // Kotlin 1.3: no ArrayDeque
    tasks.add(Pair((1..n).toList(), (1..n).toList()))
    while (tasks.isNotEmpty()) {
        val (nuts, bolts) = tasks.removeAt(tasks.size - 1)
        if (nuts.isEmpty()) continue
        if (nuts.size == 1) {
            boltOf[nuts[0]] = bolts[0]
            continue
        }
        val pivot = nuts[Random.nextInt(nuts.size)]
        val smallerBolts = ArrayList<Int>()
        val largerBolts = ArrayList<Int>()
        var match = 0
        for (bolt in bolts) {
            when (ask(pivot, bolt)) {
                '=' -> match = bolt
                '<' -> largerBolts.add(bolt)
                else -> smallerBolts.add(bolt)
            }
        }
        boltOf[pivot] = match
        val smallerNuts = ArrayList<Int>()
        val largerNuts = ArrayList<Int>()
        for (nut in nuts) {
            if (nut == pivot) continue
            if (ask(nut, match) == '<') smallerNuts.add(nut) else largerNuts.add(nut)
        }
        tasks.add(Pair(smallerNuts, smallerBolts))
        tasks.add(Pair(largerNuts, largerBolts))
    }
    println("! " + (1..n).joinToString(" ") { boltOf[it].toString() })
    System.out.flush()
}
