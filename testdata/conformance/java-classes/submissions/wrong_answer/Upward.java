import java.util.Scanner;

public class Upward {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        for (int guess = 1; guess <= n; guess++) {
            System.out.println(guess);
            System.out.flush();
            if (in.next().equals("correct")) return;
        }
    }
}
