// The file is not named after its class, as in DOMjudge's example problems: the
// class that declares main is the one that runs.
import java.io.BufferedReader;
import java.io.InputStreamReader;

class Main {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(in.readLine().trim());
        int lo = 1, hi = n;
        while (true) {
            int mid = (lo + hi) / 2;
            System.out.println(mid);
            System.out.flush();
            String reply = in.readLine().trim();
            if (reply.equals("correct")) return;
            if (reply.equals("higher")) lo = mid + 1; else hi = mid - 1;
        }
    }
}
