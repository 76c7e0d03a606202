// Accepted: randomized quicksort matching in Java (the algorithm of quicksort.py).
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

public class Main {
  static BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
  static PrintWriter out = new PrintWriter(System.out);

  static char ask(int nut, int bolt) throws Exception {
    out.println("? " + nut + " " + bolt);
    out.flush();
    String reply = in.readLine();
    if (reply == null || reply.isEmpty()) System.exit(0);
    return reply.charAt(0);
  }

  public static void main(String[] args) throws Exception {
    String line = in.readLine();
    if (line == null) return;
    int n = Integer.parseInt(line.trim());
    int[] boltOf = new int[n + 1];
    Random random = new Random();
    ArrayDeque<List<List<Integer>>> tasks = new ArrayDeque<>();
    List<Integer> all = new ArrayList<>();
    for (int i = 1; i <= n; i++) all.add(i);
    tasks.push(List.of(all, new ArrayList<>(all)));
    while (!tasks.isEmpty()) {
      List<List<Integer>> task = tasks.pop();
      List<Integer> nuts = task.get(0), bolts = task.get(1);
      if (nuts.isEmpty()) continue;
      if (nuts.size() == 1) {
        boltOf[nuts.get(0)] = bolts.get(0);
        continue;
      }
      int pivot = nuts.get(random.nextInt(nuts.size()));
      List<Integer> smallerBolts = new ArrayList<>(), largerBolts = new ArrayList<>();
      int match = 0;
      for (int bolt : bolts) {
        char c = ask(pivot, bolt);
        if (c == '=') match = bolt;
        else if (c == '<') largerBolts.add(bolt);
        else smallerBolts.add(bolt);
      }
      boltOf[pivot] = match;
      List<Integer> smallerNuts = new ArrayList<>(), largerNuts = new ArrayList<>();
      for (int nut : nuts) {
        if (nut == pivot) continue;
        if (ask(nut, match) == '<') smallerNuts.add(nut);
        else largerNuts.add(nut);
      }
      tasks.push(List.of(smallerNuts, smallerBolts));
      tasks.push(List.of(largerNuts, largerBolts));
    }
    StringBuilder answer = new StringBuilder("!");
    for (int i = 1; i <= n; i++) answer.append(' ').append(boltOf[i]);
    out.println(answer);
    out.flush();
  }
}
