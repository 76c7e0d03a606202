// A public class in a file of another name: javac wants it in Main.java, so the
// judge compiles it under that name (as DOMjudge renames it).
import java.util.Scanner;

public class Main {
    static class Range {
        int lo, hi;
        Range(int lo, int hi) { this.lo = lo; this.hi = hi; }
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        Range range = new Range(1, n);
        while (true) {
            int mid = (range.lo + range.hi) / 2;
            System.out.println(mid);
            System.out.flush();
            String reply = in.next();
            if (reply.equals("correct")) return;
            if (reply.equals("higher")) range.lo = mid + 1; else range.hi = mid - 1;
        }
    }
}
