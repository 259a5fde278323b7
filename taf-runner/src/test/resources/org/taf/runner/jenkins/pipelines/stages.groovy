// Stage order, when (before and after the agent), parameters, stage and pipeline post conditions.
pipeline {
    agent none
    parameters {
        string(name: 'WHO', defaultValue: ' world ', trim: true)
        choice(name: 'KIND', choices: ['a', 'b'])
    }
    stages {
        stage('one') {
            agent any
            steps { sh 'make one' }
            post { failure { echo 'one failed' } }
        }
        stage('release only') {
            when { branch 'release/*' }
            steps { echo 'releasing' }
        }
        stage('kind b') {
            when {
                beforeAgent true
                expression { params.KIND == 'b' }
            }
            agent { label 'benchmark' }
            steps { echo "kind b for ${params.WHO} on ${env.NODE_NAME}" }
            post { always { echo 'kind b post' } }
        }
        stage('three') {
            agent any
            steps { sh 'make three' }
        }
    }
    post {
        always { echo 'post always' }
        success { echo 'post success' }
        unstable { echo 'post unstable' }
        failure { echo 'post failure' }
        cleanup { echo 'post cleanup' }
    }
}
