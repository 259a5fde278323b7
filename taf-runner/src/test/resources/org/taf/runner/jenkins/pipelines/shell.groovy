// sh as Jenkins runs it: returnStatus, returnStdout, a failing exit.
pipeline {
    agent any
    stages {
        stage('sh') {
            steps {
                script {
                    int status = sh(script: 'exit-three', returnStatus: true)
                    String out = sh(script: 'print-sha', returnStdout: true).trim()
                    echo "status ${status}, out ${out}"
                    sh 'fails'
                    echo 'not reached'
                }
            }
        }
    }
}
