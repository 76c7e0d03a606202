// kotlinc names this file's class Guess_kotlinKt: that is what runs.
fun main() {
    val n = readLine()!!.trim().toInt()
    var lo = 1
    var hi = n
    while (true) {
        val mid = (lo + hi) / 2
        println(mid)
        System.out.flush()
        when (readLine()!!.trim()) {
            "correct" -> return
            "higher" -> lo = mid + 1
            else -> hi = mid - 1
        }
    }
}
